//! Imports of reference data scored against systems: nuggets per query (METHODS.md §7) and
//! samples asked in several formulations (§10). Like every import, the whole file is checked
//! first and written in one transaction.

use crate::dto::{ImportReport, ImportRequest};
use crate::imports::{Source, finish, single};
use crate::{ApiResult, Progress, Project};
use proctor_formats::formulations::read_formulations;
use proctor_formats::nuggets::read_nuggets;
use proctor_store::{FormulationRow, NuggetRow};
use std::collections::BTreeSet;

impl Project {
    /// Nuggets: each query in the file gets exactly the file's nuggets (its earlier ones are
    /// replaced); queries the file does not name keep theirs.
    pub(crate) fn import_nuggets(
        &mut self,
        request: &ImportRequest,
        sources: &[Source],
        progress: &dyn Progress,
    ) -> ApiResult<ImportReport> {
        let source = single(sources)?;
        let rows = read_nuggets(&source.name, &source.read(progress)?)?;
        let nuggets: Vec<NuggetRow> = rows
            .iter()
            .map(|r| NuggetRow {
                query: r.query.clone(),
                nugget: r.id.clone(),
                vital: r.vital,
                text: r.text.clone(),
            })
            .collect();
        let queries: BTreeSet<&str> = rows.iter().map(|r| r.query.as_str()).collect();
        let vital = rows.iter().filter(|r| r.vital).count();
        let known: BTreeSet<String> = self.store.known_queries()?.into_iter().collect();
        let tx = self.store.transaction()?;
        let replaced = tx.replace_nuggets(&nuggets)?;
        let mut notes = vec![format!(
            "{} nuggets ({vital} vital) for {} queries; see Results → Nuggets",
            rows.len(),
            queries.len()
        )];
        if replaced > 0 {
            notes.push(format!(
                "{replaced} earlier nuggets of these queries were replaced"
            ));
        }
        let without_vital = queries
            .iter()
            .filter(|q| !rows.iter().any(|r| r.query == **q && r.vital))
            .count();
        if without_vital > 0 {
            notes.push(format!(
                "{without_vital} queries have no vital nugget: their recall is 0 unless every nugget counts as vital"
            ));
        }
        let unknown = queries.iter().filter(|q| !known.contains(**q)).count();
        if !known.is_empty() && unknown > 0 {
            notes.push(format!(
                "{unknown} queries have no article or question in this project yet"
            ));
        }
        finish(tx, request, (rows.len(), rows.len(), 0), notes, Vec::new())
    }

    /// Formulation samples: the file replaces the project's earlier samples.
    pub(crate) fn import_formulations(
        &mut self,
        request: &ImportRequest,
        sources: &[Source],
        progress: &dyn Progress,
    ) -> ApiResult<ImportReport> {
        let source = single(sources)?;
        let rows = read_formulations(&source.name, &source.read(progress)?)?;
        let stored: Vec<FormulationRow> = rows
            .iter()
            .map(|r| FormulationRow {
                sample: r.sample.clone(),
                formulation: r.formulation.clone(),
                question: r.question.clone(),
                score: r.score,
                answers: r.answers.clone(),
            })
            .collect();
        let formulations: Vec<&str> = rows.iter().fold(Vec::new(), |mut names, r| {
            if !names.contains(&r.formulation.as_str()) {
                names.push(r.formulation.as_str());
            }
            names
        });
        let samples = rows.len() / formulations.len().max(1);
        let tx = self.store.transaction()?;
        let replaced = tx.replace_formulations(&stored)?;
        let mut notes = vec![format!(
            "{samples} samples, each asked as {}; see Results → Formulations",
            formulations.join(", ")
        )];
        if replaced > 0 {
            notes.push(format!(
                "the project's {replaced} earlier formulation rows were replaced"
            ));
        }
        finish(tx, request, (rows.len(), rows.len(), 0), notes, Vec::new())
    }
}
