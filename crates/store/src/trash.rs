//! Deleting a system so that it can be put back: the deletion returns every row that went with
//! it, and restoring re-inserts them (under new row ids, so anything added meanwhile is safe).

use crate::{Result, StoreError, Tx};
use proctor_core::SystemId;
use rusqlite::types::Value;
use std::collections::HashMap;

/// Rows of one table: column names and values.
#[derive(Debug, Clone, PartialEq)]
struct Rows {
    columns: Vec<String>,
    values: Vec<Vec<Value>>,
}

/// A deleted system with its tags, configuration, articles, sittings and responses, and an
/// endpoint's exchanges.
#[derive(Debug, Clone, PartialEq)]
pub struct DeletedSystem {
    /// The system's name.
    pub name: String,
    /// How many responses went with it.
    pub responses: usize,
    system: Rows,
    factors: Rows,
    pipeline: Rows,
    articles: Rows,
    runs: Rows,
    answers: Rows,
    endpoint: Rows,
    exchanges: Rows,
    article_exchanges: Rows,
}

/// What hangs off a system, in the order it is put back.
const PARTS: [(&str, &str); 8] = [
    ("system_factors", "system_id = ?1"),
    ("pipelines", "system_id = ?1"),
    ("articles", "system_id = ?1"),
    ("runs", "system_id = ?1"),
    (
        "responses",
        "run_id IN (SELECT id FROM runs WHERE system_id = ?1)",
    ),
    ("endpoints", "system_id = ?1"),
    (
        "exchanges",
        "run_id IN (SELECT id FROM runs WHERE system_id = ?1)",
    ),
    ("article_exchanges", "system_id = ?1"),
];

impl Rows {
    fn column(&self, name: &str) -> Option<usize> {
        self.columns.iter().position(|c| c == name)
    }
}

impl Tx<'_> {
    fn rows(&self, table: &str, filter: &str, system: SystemId) -> Result<Rows> {
        let mut stmt = self
            .tx
            .prepare(&format!("SELECT * FROM {table} WHERE {filter}"))?;
        let columns: Vec<String> = stmt.column_names().map(str::to_owned).collect();
        let width = columns.len();
        let values = stmt
            .query_map([system.0], |r| {
                (0..width).map(|i| r.get::<_, Value>(i)).collect()
            })?
            .collect::<rusqlite::Result<Vec<Vec<Value>>>>()?;
        Ok(Rows { columns, values })
    }

    /// Deletes a system with everything that hangs off it and returns it all, for
    /// [`Tx::restore_system`].
    pub fn delete_system(&self, system: SystemId) -> Result<DeletedSystem> {
        let row = self.rows("systems", "id = ?1", system)?;
        let cell = row
            .column("name")
            .and_then(|i| row.values.first().and_then(|v| v.get(i)));
        let name = match cell {
            Some(Value::Text(name)) => name.clone(),
            _ => return Err(StoreError::Conflict("there is no such system".to_owned())),
        };
        let mut parts = Vec::with_capacity(PARTS.len());
        for (table, filter) in PARTS {
            parts.push(self.rows(table, filter, system)?);
        }
        self.tx
            .execute("DELETE FROM systems WHERE id = ?1", [system.0])?;
        let [
            factors,
            pipeline,
            articles,
            runs,
            answers,
            endpoint,
            exchanges,
            article_exchanges,
        ] = <[Rows; 8]>::try_from(parts)
            .map_err(|_| StoreError::Conflict("the system's rows could not be read".to_owned()))?;
        Ok(DeletedSystem {
            name,
            responses: answers.values.len(),
            system: row,
            factors,
            pipeline,
            articles,
            runs,
            answers,
            endpoint,
            exchanges,
            article_exchanges,
        })
    }

    /// Inserts rows, leaving out `drop` (a row id to be assigned anew) and replacing the values
    /// of the columns in `remap`; returns the new row id of each row when `drop` was given.
    fn put_back(
        &self,
        table: &str,
        rows: &Rows,
        drop: Option<&str>,
        remap: &[(&str, &HashMap<i64, i64>)],
    ) -> Result<HashMap<i64, i64>> {
        let dropped = drop.and_then(|c| rows.column(c));
        let kept: Vec<usize> = (0..rows.columns.len())
            .filter(|i| Some(*i) != dropped)
            .collect();
        let names: Vec<&str> = kept.iter().map(|&i| rows.columns[i].as_str()).collect();
        let marks: Vec<String> = (1..=kept.len()).map(|i| format!("?{i}")).collect();
        let mut stmt = self.tx.prepare(&format!(
            "INSERT INTO {table} ({}) VALUES ({})",
            names.join(", "),
            marks.join(", ")
        ))?;
        let remap: Vec<(usize, &HashMap<i64, i64>)> = remap
            .iter()
            .filter_map(|(c, m)| rows.column(c).map(|i| (i, *m)))
            .collect();
        let mut ids = HashMap::new();
        for row in &rows.values {
            let values: Vec<Value> = kept
                .iter()
                .map(|&i| match (&row[i], remap.iter().find(|(c, _)| *c == i)) {
                    (Value::Integer(old), Some((_, map))) => {
                        Value::Integer(map.get(old).copied().unwrap_or(*old))
                    }
                    (value, _) => value.clone(),
                })
                .collect();
            stmt.execute(rusqlite::params_from_iter(values))?;
            if let Some(Value::Integer(old)) = dropped.map(|i| &row[i]) {
                ids.insert(*old, self.tx.last_insert_rowid());
            }
        }
        Ok(ids)
    }

    /// Puts a deleted system back with everything that went with it. Refused when another
    /// system has taken its name meanwhile.
    pub fn restore_system(&self, deleted: &DeletedSystem) -> Result<SystemId> {
        let taken: bool = self.tx.query_row(
            "SELECT EXISTS (SELECT 1 FROM systems WHERE name = ?1)",
            [&deleted.name],
            |r| r.get(0),
        )?;
        if taken {
            return Err(StoreError::Conflict(format!(
                "another system is called '{}' now; rename it first",
                deleted.name
            )));
        }
        let systems = self.put_back("systems", &deleted.system, Some("id"), &[])?;
        let id = systems
            .values()
            .next()
            .copied()
            .ok_or_else(|| StoreError::Conflict("nothing to restore".to_owned()))?;
        let by_system = [("system_id", &systems)];
        self.put_back("system_factors", &deleted.factors, None, &by_system)?;
        self.put_back("pipelines", &deleted.pipeline, None, &by_system)?;
        self.put_back("articles", &deleted.articles, Some("id"), &by_system)?;
        let runs = self.put_back("runs", &deleted.runs, Some("id"), &by_system)?;
        self.put_back("responses", &deleted.answers, None, &[("run_id", &runs)])?;
        self.put_back("endpoints", &deleted.endpoint, None, &by_system)?;
        self.put_back("exchanges", &deleted.exchanges, None, &[("run_id", &runs)])?;
        self.put_back(
            "article_exchanges",
            &deleted.article_exchanges,
            None,
            &by_system,
        )?;
        Ok(SystemId(id))
    }
}
