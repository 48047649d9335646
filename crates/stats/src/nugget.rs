//! Nugget evaluation (METHODS.md §7; Lin 2006, Marton & Katz 2006): POURPRE's automatic match
//! of reference nuggets in a response, recall over vital nuggets, the length allowance,
//! F(β = 3), the all-vital variant, and a Nuggeteer-style judgement with idf-weighted n-grams.

use crate::text::Terms;
use crate::{MeanEstimate, StatsError, Z_95};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeSet, HashMap};

/// A reference nugget: a fact a good response contains.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Nugget {
    /// Its text.
    pub text: String,
    /// Vital (must have) or okay (nice to have).
    pub vital: bool,
}

/// How a nugget's match is turned into a score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum MatchCount {
    /// The fraction of the nugget's words in the best unit (POURPRE's default).
    Fraction,
    /// 1 when any of its words is in the best unit, else 0.
    Count,
}

/// The terms POURPRE compares: stemmed, without stopwords.
pub const TERMS: Terms = Terms {
    stem: true,
    drop_stopwords: true,
};

/// POURPRE's match of a nugget in a response: the largest, over the response's units, share of
/// the nugget's distinct terms that occur in the unit. 0 for a nugget without terms.
pub fn pourpre_match(nugget: &str, units: &[String]) -> f64 {
    pourpre_best(nugget, units).0
}

/// The largest of `scores` and the first unit that reaches it; no unit when every score is 0.
fn best(scores: impl Iterator<Item = f64>) -> (f64, Option<usize>) {
    scores.enumerate().fold(
        (0.0, None),
        |(top, at), (i, s)| {
            if s > top { (s, Some(i)) } else { (top, at) }
        },
    )
}

/// [`pourpre_match`] and the unit that gives it (the first such unit; none when no unit shares
/// a term with the nugget), so a view can show where the nugget was found.
pub fn pourpre_best(nugget: &str, units: &[String]) -> (f64, Option<usize>) {
    let wanted: BTreeSet<String> = TERMS.of(nugget).into_iter().collect();
    if wanted.is_empty() {
        return (0.0, None);
    }
    best(units.iter().map(|unit| {
        let present: BTreeSet<String> = TERMS.of(unit).into_iter().collect();
        wanted.intersection(&present).count() as f64 / wanted.len() as f64
    }))
}

/// The nugget scores of one response to one query.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct NuggetScore {
    /// Σ match over vital nuggets / number of vital nuggets (0 without vital nuggets).
    pub recall: f64,
    /// 1 if the response is within its allowance, else 1 − (L − A) / L.
    pub precision: f64,
    /// (β² + 1) P R / (β² P + R) with β = 3.
    pub f_beta: f64,
    /// A = 100 × nuggets (vital or okay) matched.
    pub allowance: f64,
    /// L = the response's length in non-whitespace characters.
    pub length: usize,
}

/// β of the F-measure: recall counts three times as much as precision.
pub const BETA: f64 = 3.0;

/// F_β of a precision and a recall; 0 when both are 0.
pub fn f_beta(precision: f64, recall: f64, beta: f64) -> f64 {
    let b2 = beta * beta;
    let denominator = b2 * precision + recall;
    if denominator > 0.0 {
        (b2 + 1.0) * precision * recall / denominator
    } else {
        0.0
    }
}

/// Scores one response (its units, e.g. sentences) against a query's nuggets, given each
/// nugget's match in [0, 1]. `all_vital` treats every nugget as vital.
pub fn score_matches(
    nuggets: &[Nugget],
    matches: &[f64],
    units: &[String],
    count: MatchCount,
    all_vital: bool,
) -> NuggetScore {
    let credit = |m: f64| match count {
        MatchCount::Fraction => m,
        MatchCount::Count => f64::from(u8::from(m > 0.0)),
    };
    let vital: Vec<f64> = nuggets
        .iter()
        .zip(matches)
        .filter(|(n, _)| all_vital || n.vital)
        .map(|(_, m)| credit(*m))
        .collect();
    let recall = if vital.is_empty() {
        0.0
    } else {
        vital.iter().sum::<f64>() / vital.len() as f64
    };
    let nuggets_found = matches.iter().filter(|m| **m > 0.0).count();
    let allowance = 100.0 * nuggets_found as f64;
    let length: usize = units
        .iter()
        .map(|u| u.chars().filter(|c| !c.is_whitespace()).count())
        .sum();
    let l = length as f64;
    // An empty response (L = A = 0) is within its allowance: its F is 0 through recall.
    let precision = if l < allowance || l == 0.0 {
        1.0
    } else {
        1.0 - (l - allowance) / l
    };
    NuggetScore {
        recall,
        precision,
        f_beta: f_beta(precision, recall, BETA),
        allowance,
        length,
    }
}

/// POURPRE: matches every nugget in the response and scores it.
pub fn pourpre(
    nuggets: &[Nugget],
    units: &[String],
    count: MatchCount,
    all_vital: bool,
) -> NuggetScore {
    let matches: Vec<f64> = nuggets
        .iter()
        .map(|n| pourpre_match(&n.text, units))
        .collect();
    score_matches(nuggets, &matches, units, count, all_vital)
}

/// Document frequencies of unigrams and bigrams, for idf weights.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Idf {
    documents: usize,
    frequency: HashMap<String, usize>,
}

fn grams(text: &str) -> BTreeSet<String> {
    let terms = TERMS.of(text);
    let mut out: BTreeSet<String> = terms.iter().cloned().collect();
    out.extend(terms.windows(2).map(|w| format!("{} {}", w[0], w[1])));
    out
}

impl Idf {
    /// Counts, for every unigram and bigram, the documents it occurs in.
    pub fn from_documents<'a>(documents: impl IntoIterator<Item = &'a str>) -> Self {
        let mut idf = Self::default();
        for document in documents {
            idf.documents += 1;
            for gram in grams(document) {
                *idf.frequency.entry(gram).or_insert(0) += 1;
            }
        }
        idf
    }

    /// idf(g) = ln(1 + N / df(g)), where a gram never seen counts as seen once.
    pub fn weight(&self, gram: &str) -> f64 {
        let df = self.frequency.get(gram).copied().unwrap_or(0).max(1);
        (1.0 + self.documents.max(1) as f64 / df as f64).ln()
    }
}

/// Nuggeteer-style judgement of a nugget in a response: the largest, over units, idf-weighted
/// recall of the nugget's unigrams and bigrams, Σ_{g ∈ nugget ∩ unit} idf(g) / Σ_{g ∈ nugget}
/// idf(g).
pub fn nuggeteer_recall(nugget: &str, units: &[String], idf: &Idf) -> f64 {
    nuggeteer_best(nugget, units, idf).0
}

/// [`nuggeteer_recall`] and the unit that gives it (the first such unit).
pub fn nuggeteer_best(nugget: &str, units: &[String], idf: &Idf) -> (f64, Option<usize>) {
    let wanted = grams(nugget);
    let total: f64 = wanted.iter().map(|g| idf.weight(g)).sum();
    if total == 0.0 {
        return (0.0, None);
    }
    best(units.iter().map(|unit| {
        let present = grams(unit);
        wanted
            .intersection(&present)
            .map(|g| idf.weight(g))
            .sum::<f64>()
            / total
    }))
}

/// Judges each nugget present (1) or absent (0) by its Nuggeteer recall against `threshold`,
/// then scores the response as POURPRE does with binary matches.
pub fn nuggeteer(
    nuggets: &[Nugget],
    units: &[String],
    idf: &Idf,
    threshold: f64,
    all_vital: bool,
) -> NuggetScore {
    let matches: Vec<f64> = nuggets
        .iter()
        .map(|n| f64::from(u8::from(nuggeteer_recall(&n.text, units, idf) >= threshold)))
        .collect();
    score_matches(nuggets, &matches, units, MatchCount::Count, all_vital)
}

/// A system's score over queries: the macro average with its 95% interval (normal, from the
/// standard error over queries).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct SystemNuggetScore {
    /// Mean over queries.
    pub mean: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end.
    pub high: f64,
    /// Number of queries.
    pub queries: usize,
}

/// Macro-averages per-query scores (e.g. F(β = 3)) with a 95% interval.
pub fn macro_average(per_query: &[f64]) -> Result<SystemNuggetScore, StatsError> {
    let estimate = MeanEstimate::of(per_query)?;
    Ok(SystemNuggetScore {
        mean: estimate.mean,
        low: estimate.mean - Z_95 * estimate.standard_error,
        high: estimate.mean + Z_95 * estimate.standard_error,
        queries: estimate.n,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn units(texts: &[&str]) -> Vec<String> {
        texts.iter().map(|t| (*t).to_owned()).collect()
    }

    #[test]
    fn pourpre_by_hand() {
        // Nugget terms (stemmed, no stopwords): {tidewat, store, backup, nightli} — 4.
        // Unit 1 has "backups" and "nightly": 2/4; unit 2 has "Tidewater": 1/4.
        let response = units(&["Backups run nightly.", "Tidewater is a product."]);
        let m = pourpre_match("Tidewater stores backups nightly", &response);
        assert!((m - 0.5).abs() < 1e-12, "{m}");
        assert_eq!(
            pourpre_best("Tidewater stores backups nightly", &response).1,
            Some(0)
        );
        assert_eq!(pourpre_best("retention", &response), (0.0, None));
        let nuggets = vec![
            Nugget {
                text: "Tidewater stores backups nightly".into(),
                vital: true,
            },
            Nugget {
                text: "retention is thirty days".into(),
                vital: true,
            },
            Nugget {
                text: "a product".into(),
                vital: false,
            },
        ];
        let s = pourpre(&nuggets, &response, MatchCount::Fraction, false);
        // Vital matches 0.5 and 0 → R = 0.25. Matched nuggets: 2 (the okay one too) → A = 200.
        // L = 18 + 20 = 38 < 200 → P = 1. F3 = 10 · 0.25 / (9 + 0.25) = 0.27027.
        assert!((s.recall - 0.25).abs() < 1e-12);
        assert_eq!(s.length, 38);
        assert!((s.allowance - 200.0).abs() < 1e-12);
        assert!((s.precision - 1.0).abs() < 1e-12);
        assert!((s.f_beta - 2.5 / 9.25).abs() < 1e-12);
        // Count variant: the first vital nugget counts 1 → R = 0.5.
        assert!(
            (pourpre(&nuggets, &response, MatchCount::Count, false).recall - 0.5).abs() < 1e-12
        );
        // All-vital: (0.5 + 0 + 1) / 3 with "a product" fully matched ("product" is its only term).
        let all = pourpre(&nuggets, &response, MatchCount::Fraction, true);
        assert!((all.recall - 0.5).abs() < 1e-12, "{}", all.recall);
    }

    #[test]
    fn long_responses_lose_precision() {
        // One matched nugget: A = 100. A response of 400 non-space characters: P = 1 − 300/400.
        let long = vec!["x".repeat(399) + " tide"];
        let nuggets = vec![Nugget {
            text: "tide".into(),
            vital: true,
        }];
        let s = pourpre(&nuggets, &long, MatchCount::Fraction, false);
        assert_eq!(s.length, 403);
        assert!((s.precision - (1.0 - 303.0 / 403.0)).abs() < 1e-12);
        assert!((f_beta(0.0, 0.0, 3.0)).abs() < 1e-12);
        // An empty response: precision 1 (not 0/0), F 0.
        let empty = pourpre(&nuggets, &[String::new()], MatchCount::Fraction, false);
        assert!((empty.precision - 1.0).abs() < 1e-12 && empty.f_beta.abs() < 1e-12);
    }

    #[test]
    fn nuggeteer_weights_rare_grams() {
        let documents = [
            "the backup runs nightly",
            "the backup is encrypted",
            "the service restarts",
        ];
        let idf = Idf::from_documents(documents);
        // "backup" is in 2 of 3 documents, "nightli" in 1: the nightly unit scores higher.
        let a = nuggeteer_recall("backup nightly", &units(&["nightly"]), &idf);
        let b = nuggeteer_recall("backup nightly", &units(&["backup"]), &idf);
        assert!(a > b, "{a} {b}");
        // Both unigrams and the bigram present: recall 1.
        assert!(
            (nuggeteer_recall("backup nightly", &units(&["a backup nightly"]), &idf) - 1.0).abs()
                < 1e-12
        );
        // N = 3; df(backup) = 2, df(nightli) = 1, the bigram unseen (df taken as 1):
        // weights ln 2.5, ln 4, ln 4 → "nightly" alone recalls ln 4 / (ln 2.5 + 2 ln 4).
        let expected = 4f64.ln() / (2.5f64.ln() + 2.0 * 4f64.ln());
        assert!((a - expected).abs() < 1e-12, "{a} {expected}");
        let nuggets = vec![Nugget {
            text: "backup nightly".into(),
            vital: true,
        }];
        let judged =
            |threshold| nuggeteer(&nuggets, &units(&["nightly"]), &idf, threshold, false).recall;
        assert!((judged(0.5) - 0.0).abs() < 1e-12);
        assert!((judged(0.3) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn macro_average_with_interval() {
        let s = macro_average(&[0.2, 0.4, 0.6]).unwrap();
        // mean 0.4, sd 0.2, se 0.11547; ± 1.96 · se
        assert!((s.mean - 0.4).abs() < 1e-12);
        assert!((s.high - s.low - 2.0 * Z_95 * 0.2 / 3f64.sqrt()).abs() < 1e-12);
        assert_eq!(macro_average(&[]), Err(StatsError::Empty));
    }
}
