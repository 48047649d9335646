//! Reference data beside the gold articles: nuggets per query (METHODS.md §7) and samples asked
//! in two or three formulations (§10).

use crate::{Result, Store, Tx};
use rusqlite::params;

/// A stored nugget.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NuggetRow {
    /// Its query.
    pub query: String,
    /// Its id within the query.
    pub nugget: String,
    /// Vital or okay.
    pub vital: bool,
    /// The fact.
    pub text: String,
}

/// A stored sample under one formulation.
#[derive(Debug, Clone, PartialEq)]
pub struct FormulationRow {
    /// The sample's id.
    pub sample: String,
    /// The formulation's name.
    pub formulation: String,
    /// The question as asked.
    pub question: String,
    /// The metric, in [0, 1].
    pub score: f64,
    /// The answers returned, when known.
    pub answers: Option<Vec<String>>,
}

impl Tx<'_> {
    /// Replaces the nuggets of every query in `nuggets` with these (a query's nuggets come
    /// from one file); other queries keep theirs. Returns the nuggets that were replaced.
    pub fn replace_nuggets(&self, nuggets: &[NuggetRow]) -> Result<usize> {
        let mut replaced = 0;
        let mut cleared = std::collections::BTreeSet::new();
        for n in nuggets {
            if cleared.insert(n.query.as_str()) {
                replaced += self
                    .tx
                    .execute("DELETE FROM nuggets WHERE query = ?1", params![n.query])?;
            }
        }
        let mut insert = self.tx.prepare(
            "INSERT INTO nuggets (query, nugget, position, vital, text) VALUES (?1, ?2, ?3, ?4, ?5)",
        )?;
        for (position, n) in nuggets.iter().enumerate() {
            insert.execute(params![
                n.query,
                n.nugget,
                i64::try_from(position).unwrap_or(i64::MAX),
                n.vital,
                n.text
            ])?;
        }
        Ok(replaced)
    }

    /// Replaces every formulation sample with these. Returns the rows that were replaced.
    pub fn replace_formulations(&self, rows: &[FormulationRow]) -> Result<usize> {
        let replaced = self.tx.execute("DELETE FROM formulations", [])?;
        let mut insert = self.tx.prepare(
            "INSERT INTO formulations (sample, formulation, position, question, score, answers)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )?;
        for (position, r) in rows.iter().enumerate() {
            let answers = r
                .answers
                .as_ref()
                .map(|a| serde_json::to_string(a).unwrap_or_else(|_| "[]".to_owned()));
            insert.execute(params![
                r.sample,
                r.formulation,
                i64::try_from(position).unwrap_or(i64::MAX),
                r.question,
                r.score,
                answers
            ])?;
        }
        Ok(replaced)
    }
}

impl Store {
    /// Every query the project knows: named by a question, or with an article or gold article.
    pub fn known_queries(&self) -> Result<Vec<String>> {
        let mut stmt = self.conn.prepare(
            "SELECT query FROM questions WHERE query IS NOT NULL
             UNION SELECT query FROM articles UNION SELECT query FROM gold_articles",
        )?;
        let rows = stmt.query_map([], |r| r.get(0))?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// Every nugget, by query, each query's in the file's order.
    pub fn nuggets(&self) -> Result<Vec<NuggetRow>> {
        let mut stmt = self
            .conn
            .prepare("SELECT query, nugget, vital, text FROM nuggets ORDER BY query, position")?;
        let rows = stmt.query_map([], |r| {
            Ok(NuggetRow {
                query: r.get(0)?,
                nugget: r.get(1)?,
                vital: r.get(2)?,
                text: r.get(3)?,
            })
        })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// Every formulation sample, in the file's order.
    pub fn formulations(&self) -> Result<Vec<FormulationRow>> {
        let mut stmt = self.conn.prepare(
            "SELECT sample, formulation, question, score, answers FROM formulations ORDER BY position",
        )?;
        let rows = stmt.query_map([], |r| {
            let answers: Option<String> = r.get(4)?;
            Ok(FormulationRow {
                sample: r.get(0)?,
                formulation: r.get(1)?,
                question: r.get(2)?,
                score: r.get(3)?,
                answers: answers.and_then(|a| serde_json::from_str(&a).ok()),
            })
        })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }
}
