//! ROUGE-1 of EXAM-mode systems' articles against the gold articles (Sander & Dietz 000's
//! baseline; METHODS.md §2): a leaderboard column, and beside EXAM with the agreement of the two
//! leaderboards (000's Table 4).

use crate::correlate::{REPEATS, SEED, correlation};
use crate::dto::{ExamAgreement, ExamAgreementRow, ExamRef, ExamScore};
use crate::saturating_u32;
use crate::{ApiResult, Project};
use proctor_stats::rouge::rouge1;
use proctor_stats::text::Terms;
use proctor_store::ExamVersionRow;
use std::collections::{BTreeMap, BTreeSet};

/// ROUGE-1 as 000 and METHODS.md §2 compute it: lowercased, punctuation and stopwords dropped,
/// Porter-stemmed.
const TERMS: Terms = Terms {
    stem: true,
    drop_stopwords: true,
};

/// ROUGE-1 F1 of an article against its gold article.
pub(crate) fn rouge_f1(article: &str, gold: &str) -> f64 {
    rouge1(article, gold, TERMS).f1
}

/// A system's ROUGE-1 F1 over the queries: the mean and its standard error.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Rouge {
    pub mean: f64,
    pub standard_error: f64,
}

/// The mean of per-query scores and its standard error (sample sd / √n), as EXAM's.
pub(crate) fn mean_and_error(values: &[f64]) -> Rouge {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let standard_error = if values.len() > 1 {
        (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt() / n.sqrt()
    } else {
        0.0
    };
    Rouge {
        mean,
        standard_error,
    }
}

impl Project {
    /// The gold articles of the version's queries (those its active questions name), by query.
    fn gold_articles(&self, version: &ExamVersionRow) -> ApiResult<BTreeMap<String, String>> {
        let queries: BTreeSet<String> = self
            .store
            .questions(version.id)?
            .into_iter()
            .filter(|q| q.active)
            .filter_map(|q| q.query)
            .collect();
        Ok(self
            .store
            .articles(None)?
            .into_iter()
            .filter(|(q, _)| queries.contains(q))
            .collect())
    }

    /// Each EXAM-mode system's ROUGE-1 F1 against the gold articles, over the version's
    /// queries that have a gold article (a query the system wrote no article for scores 0).
    /// Empty when none of the version's queries has a gold article.
    pub(crate) fn rouge_by_system(
        &self,
        version: &ExamVersionRow,
    ) -> ApiResult<BTreeMap<String, Rouge>> {
        let gold = self.gold_articles(version)?;
        if gold.is_empty() {
            return Ok(BTreeMap::new());
        }
        let mut out = BTreeMap::new();
        for (id, name) in self.store.article_systems()? {
            let written = self.store.articles(Some(id))?;
            let scores: Vec<f64> = gold
                .iter()
                .map(|(query, reference)| {
                    written
                        .get(query)
                        .map_or(0.0, |article| rouge_f1(article, reference))
                })
                .collect();
            out.insert(name, mean_and_error(&scores));
        }
        Ok(out)
    }

    /// 000's Table 4 for an exam: the EXAM-mode systems by EXAM, each with n-EXAM, whether it
    /// is comparable to gold, and its ROUGE-1 F1 and rank; and the agreement of the two
    /// leaderboards (Kendall and Spearman, ties within noise broken at random).
    pub fn exam_agreement(&self, exam: Option<&str>) -> ApiResult<ExamAgreement> {
        let version = self.exam_version(exam)?;
        let grades = self.grades_of(&version)?;
        let gold_queries = self.gold_articles(&version)?.len();
        let mut scored: Vec<(String, ExamScore)> = grades
            .leaderboard
            .into_iter()
            .filter_map(|s| Some((s.system, s.exam?)))
            .collect();
        scored.sort_by(|a, b| b.1.exam.total_cmp(&a.1.exam).then(a.0.cmp(&b.0)));
        let rank_by = |value: fn(&ExamScore) -> Option<f64>| -> BTreeMap<String, u32> {
            let mut order: Vec<(&String, f64)> = scored
                .iter()
                .filter_map(|(s, e)| Some((s, value(e)?)))
                .collect();
            order.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(b.0)));
            order
                .into_iter()
                .enumerate()
                .map(|(i, (s, _))| (s.clone(), saturating_u32(i + 1)))
                .collect()
        };
        let rouge_ranks = rank_by(|e| e.rouge1);
        let with_rouge: Vec<&(String, ExamScore)> =
            scored.iter().filter(|(_, e)| e.rouge1.is_some()).collect();
        let (agreement, note) = if gold_queries == 0 {
            (
                None,
                Some(
                    "no gold articles for this exam's queries: import them to score ROUGE-1"
                        .to_owned(),
                ),
            )
        } else if with_rouge.len() < 3 {
            (
                None,
                Some(format!(
                    "{} EXAM-mode system(s) with articles: a rank agreement needs at least 3",
                    with_rouge.len()
                )),
            )
        } else {
            let board = |f: fn(&ExamScore) -> (f64, f64)| -> BTreeMap<String, (f64, f64)> {
                with_rouge.iter().map(|(s, e)| (s.clone(), f(e))).collect()
            };
            let exam_board = board(|e| (e.exam, e.standard_error));
            let rouge_board = board(|e| {
                (
                    e.rouge1.unwrap_or(0.0),
                    e.rouge1_standard_error.unwrap_or(0.0),
                )
            });
            match correlation("ROUGE-1", &exam_board, &rouge_board, REPEATS, SEED)? {
                Some(found) => (Some(found), None),
                None => (
                    None,
                    Some("every system scores the same on one of the two leaderboards, so they cannot be ranked against each other".to_owned()),
                ),
            }
        };
        Ok(ExamAgreement {
            exam: version.exam_name.clone(),
            rows: scored
                .iter()
                .enumerate()
                .map(|(i, (system, exam))| ExamAgreementRow {
                    system: system.clone(),
                    exam: exam.clone(),
                    exam_rank: saturating_u32(i + 1),
                    rouge_rank: rouge_ranks.get(system).copied(),
                })
                .collect(),
            gold: grades.gold,
            gold_queries: saturating_u32(gold_queries),
            agreement,
            note,
        })
    }
}

/// 000's Table 4 for the exam named (default: the one on view).
pub(crate) fn exam_agreement(project: &Project, exam: &ExamRef) -> ApiResult<ExamAgreement> {
    project.exam_agreement(exam.exam.as_deref())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mean_and_its_error_are_exam_s() {
        let found = mean_and_error(&[0.2, 0.4, 0.9]);
        assert!((found.mean - 0.5).abs() < 1e-12);
        // sample sd = sqrt(((0.3)² + (0.1)² + (0.4)²) / 2) = sqrt(0.13); / sqrt(3)
        assert!((found.standard_error - (0.13f64).sqrt() / 3f64.sqrt()).abs() < 1e-12);
        assert!(mean_and_error(&[0.7]).standard_error.abs() < f64::EPSILON);
    }
}
