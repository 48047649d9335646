//! Leaderboard correlation (METHODS.md §2): Proctor's leaderboard against another leaderboard
//! file or against the official IR measures of the systems' TREC runs.

use crate::dto::AgreementPoint;
use crate::dto::{
    BoardCorrelation, CorrelateRequest, CorrelationReport, LeaderboardMetric, TrecScores,
};
use crate::saturating_u32;
use crate::{ApiError, ApiResult, ErrorCode, Project};
use proctor_formats::ImportError;
use proctor_stats::StatsError;
use proctor_stats::correlation::{ScoredBoard, compare_leaderboards};
use proctor_stats::ir::evaluate;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Random tie-breaks per correlation, and their seed.
pub(crate) const REPEATS: usize = 10;
pub(crate) const SEED: u64 = 20_261_122;

/// A leaderboard: system → (score, standard error).
pub(crate) type Board = BTreeMap<String, (f64, f64)>;

fn read(path: &str) -> ApiResult<(String, Vec<u8>)> {
    let name = Path::new(path)
        .file_name()
        .map_or_else(|| path.to_owned(), |n| n.to_string_lossy().into_owned());
    let bytes = proctor_formats::user_files::read_regular(Path::new(path), path)?;
    Ok((name, bytes))
}

/// Whether two names denote the same system: "Atlas_RAG" and "atlas rag" do.
fn same_name(a: &str, b: &str) -> bool {
    let norm = |s: &str| -> String {
        s.split(|c: char| c.is_whitespace() || c == '_' || c == '-')
            .filter(|w| !w.is_empty())
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase()
    };
    norm(a) == norm(b)
}

fn invalid(e: &ImportError) -> ApiError {
    ApiError::new(ErrorCode::InvalidInput, e.to_string())
}

impl Project {
    /// Proctor's leaderboard by `metric`.
    fn board(&self, exam: Option<&str>, metric: LeaderboardMetric) -> ApiResult<Board> {
        Ok(match metric {
            LeaderboardMetric::Accuracy => self
                .grades(exam)?
                .leaderboard
                .into_iter()
                .filter_map(|s| {
                    let p = s.accuracy?;
                    let se = (p * (1.0 - p) / f64::from(s.questions.max(1))).sqrt();
                    Some((s.system, (p, se)))
                })
                .collect(),
            LeaderboardMetric::Exam => self
                .grades(exam)?
                .leaderboard
                .into_iter()
                .filter_map(|s| {
                    let e = s.exam?;
                    Some((s.system, (e.exam, e.standard_error)))
                })
                .collect(),
            LeaderboardMetric::Rouge1 => self
                .grades(exam)?
                .leaderboard
                .into_iter()
                .filter_map(|s| {
                    let e = s.exam?;
                    Some((s.system, (e.rouge1?, e.rouge1_standard_error?)))
                })
                .collect(),
            LeaderboardMetric::Ability => self
                .latest_irt(exam)?
                .ok_or_else(|| {
                    ApiError::new(
                        ErrorCode::NotFound,
                        "no IRT model has been fitted on this exam yet; fit one first",
                    )
                })?
                .systems
                .into_iter()
                .map(|s| (s.system, (s.ability, s.standard_error)))
                .collect(),
        })
    }

    /// Correlates Proctor's leaderboard with another leaderboard and/or TREC runs' measures.
    pub fn correlate(&self, request: &CorrelateRequest) -> ApiResult<CorrelationReport> {
        if request.leaderboard.is_none() && request.runs.is_empty() {
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                "give another leaderboard, or TREC runs with their qrels, to correlate with",
            ));
        }
        let ours = self.board(request.exam.as_deref(), request.metric)?;
        let mut others: Vec<(String, Board)> = Vec::new();
        if let Some(path) = &request.leaderboard {
            let (name, bytes) = read(path)?;
            let entries = proctor_formats::leaderboard::read_leaderboard(&name, &bytes)
                .map_err(|e| invalid(&e))?;
            others.push((
                name,
                entries
                    .into_iter()
                    .map(|e| (e.system, (e.score, e.standard_error)))
                    .collect(),
            ));
        }
        let trec = trec_scores(request, &ours)?;
        if !trec.is_empty() {
            let column = |f: fn(&TrecScores) -> f64| -> Board {
                trec.iter()
                    .map(|t| (t.system.clone(), (f(t), 0.0)))
                    .collect()
            };
            others.push(("MAP".into(), column(|t| t.map)));
            others.push(("P@10".into(), column(|t| t.precision_at_10)));
            others.push(("R-precision".into(), column(|t| t.r_precision)));
            others.push(("nDCG@20".into(), column(|t| t.ndcg_at_20)));
            others.push(("MRR".into(), column(|t| t.reciprocal_rank)));
        }
        let mut left_out = BTreeSet::new();
        let mut correlations = Vec::new();
        let mut constant = Vec::new();
        for (against, theirs) in &others {
            let common: Vec<&String> = ours.keys().filter(|s| theirs.contains_key(*s)).collect();
            left_out.extend(
                ours.keys()
                    .chain(theirs.keys())
                    .filter(|s| !common.contains(s))
                    .cloned(),
            );
            if common.len() < 3 {
                return Err(ApiError::new(
                    ErrorCode::InvalidInput,
                    format!(
                        "only {} system(s) are on both Proctor's leaderboard and {against}; a correlation needs at least 3",
                        common.len()
                    ),
                ));
            }
            match correlation(against, &ours, theirs, REPEATS, SEED)? {
                Some(found) => correlations.push(found),
                None => constant.push(against.clone()),
            }
        }
        Ok(CorrelationReport {
            metric: request.metric,
            trec,
            correlations,
            left_out: left_out.into_iter().collect(),
            constant,
        })
    }
}

/// The agreement of two leaderboards over the systems on both (at least three), named
/// `against` after the second; None when every system scores the same on one of them.
pub(crate) fn correlation(
    against: &str,
    ours: &Board,
    theirs: &Board,
    repeats: usize,
    seed: u64,
) -> ApiResult<Option<BoardCorrelation>> {
    let common: Vec<&String> = ours.keys().filter(|s| theirs.contains_key(*s)).collect();
    let side = |board: &Board| ScoredBoard {
        scores: common.iter().map(|s| board[*s].0).collect(),
        standard_errors: common.iter().map(|s| board[*s].1).collect(),
    };
    let agreement = match compare_leaderboards(&side(ours), &side(theirs), repeats, seed) {
        Ok(agreement) => agreement,
        Err(StatsError::Constant) => return Ok(None),
        Err(e) => {
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                format!("correlating with {against}: {e}"),
            ));
        }
    };
    Ok(Some(BoardCorrelation {
        against: against.to_owned(),
        points: common
            .iter()
            .map(|s| AgreementPoint {
                system: (*s).clone(),
                proctor: ours[*s].0,
                other: theirs[*s].0,
            })
            .collect(),
        systems: saturating_u32(common.len()),
        kendall: agreement.kendall.coefficient,
        kendall_p: agreement.kendall.p_value,
        spearman: agreement.spearman.coefficient,
        spearman_p: agreement.spearman.p_value,
        pearson: agreement.pearson.coefficient,
        pearson_p: agreement.pearson.p_value,
        kendall_ties_broken: agreement.kendall_ties_broken_mean,
        kendall_ties_broken_sd: agreement.kendall_ties_broken_sd,
        spearman_ties_broken: agreement.spearman_ties_broken_mean,
        spearman_ties_broken_sd: agreement.spearman_ties_broken_sd,
        repeats: saturating_u32(agreement.repeats),
    }))
}

/// The official measures of each run. A run belongs to the Proctor system named like its
/// tag or, failing that, like its file (ignoring case, and `_` or `-` for spaces, since
/// TREC tags cannot hold spaces); otherwise it keeps its tag.
fn trec_scores(request: &CorrelateRequest, ours: &Board) -> ApiResult<Vec<TrecScores>> {
    if request.runs.is_empty() {
        return Ok(Vec::new());
    }
    let qrels_path = request.qrels.as_deref().ok_or_else(|| {
        ApiError::new(
            ErrorCode::InvalidInput,
            "TREC runs need a qrels file to be judged",
        )
    })?;
    let (name, bytes) = read(qrels_path)?;
    let qrels = proctor_formats::trec::read_qrels(&name, &bytes).map_err(|e| invalid(&e))?;
    let mut scores = Vec::new();
    for path in &request.runs {
        let (name, bytes) = read(path)?;
        let run = proctor_formats::trec::read_run(&name, &bytes).map_err(|e| invalid(&e))?;
        let stem = Path::new(path)
            .file_stem()
            .map_or_else(|| name.clone(), |s| s.to_string_lossy().into_owned());
        let system = [&run.tag, &stem]
            .into_iter()
            .find_map(|name| ours.keys().find(|s| same_name(s, name)).cloned())
            .unwrap_or_else(|| run.tag.clone());
        let evaluation = evaluate(&qrels, &run.queries, 10, 20);
        let mean = evaluation.mean.ok_or_else(|| {
            ApiError::new(
                ErrorCode::InvalidInput,
                format!("{name}: none of its queries is judged in {qrels_path}"),
            )
        })?;
        scores.push(TrecScores {
            system,
            queries: saturating_u32(evaluation.queries.len()),
            map: mean.average_precision,
            precision_at_10: mean.precision_at_k,
            r_precision: mean.r_precision,
            ndcg_at_20: mean.ndcg_at_k,
            reciprocal_rank: mean.reciprocal_rank,
        });
    }
    Ok(scores)
}
