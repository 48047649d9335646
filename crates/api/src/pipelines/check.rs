//! The reader check (METHODS.md §6): does a reader read, or does it only guess from the wording
//! of the choices? Each reader answers the questions that carry their own passage twice —
//! with it (the oracle pipeline: the reader's ceiling) and without it (closed book) — and is
//! compared with chance and with always picking the longest choice. "Real" is decided by the
//! one verdict test (exact McNemar, Holm over the readers checked together; METHODS.md §9).

use crate::dto::{
    ExamRef, GridRequest, LetterShare, Rate, ReaderCheck, ReaderCheckRequest, ReaderCheckRow,
    ReaderKind, Retriever, RunRequest,
};
use crate::ingest::models_folder;
use crate::pipelines::{pipeline_name, reader_name};
use crate::project::exam_version_dto;
use crate::readers::model_readers;
use crate::saturating_u32;
use crate::{ApiError, ApiResult, ErrorCode, Progress, Project};
use proctor_core::{Outcome, QuestionId, RunMode, SystemId};

use proctor_stats::Proportion;
use proctor_stats::significance::{holm, mcnemar_exact};
use proctor_store::{ExamVersionRow, QuestionRow};
use std::collections::HashMap;

/// Significance level of the verdict.
const ALPHA: f64 = 0.05;

impl Project {
    /// Runs the check: adds the closed-book and oracle pipelines of each reader (those already
    /// there are kept, and their answers too), lets them sit the exam, and reports.
    pub fn check_readers(
        &mut self,
        request: &ReaderCheckRequest,
        progress: &dyn Progress,
    ) -> ApiResult<ReaderCheck> {
        let version = self.exam_version(request.exam.as_deref())?;
        let questions = self.store.questions(version.id)?;
        if !questions.iter().any(|q| q.active && has_passage(q)) {
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                "none of this exam's questions carries the passage it was written from; the reader check needs them (import the exam with a 'passage' or 'source_text' column)",
            ));
        }
        let readers = if request.readers.is_empty() {
            default_readers(request.models.as_deref())
        } else {
            request.readers.clone()
        };
        let pipelines = self.add_pipeline_grid(&GridRequest {
            retrievers: vec![Retriever::ClosedBook, Retriever::Oracle],
            readers: readers.clone(),
            top_ks: Vec::new(),
            models: request.models.clone(),
        })?;
        self.run_pipelines(
            &RunRequest {
                exam: request.exam.clone(),
                systems: pipelines.into_iter().map(|p| p.system).collect(),
                models: request.models.clone(),
                int8: false,
                threads: request.threads,
                user_models: request.user_models.clone(),
                restart: false,
            },
            progress,
        )?;
        self.reader_check(request.exam.as_deref(), &readers)
    }

    /// The check from the sittings already there: every reader (of `readers`, or any when
    /// empty) whose closed-book and oracle pipelines both sat the exam.
    pub fn reader_check(
        &self,
        exam: Option<&str>,
        readers: &[ReaderKind],
    ) -> ApiResult<ReaderCheck> {
        let version = self.exam_version(exam)?;
        self.reader_check_of(&version, readers)
    }

    /// The check on one version (see [`Self::reader_check`]).
    pub(crate) fn reader_check_of(
        &self,
        version: &ExamVersionRow,
        readers: &[ReaderKind],
    ) -> ApiResult<ReaderCheck> {
        let active: Vec<QuestionRow> = self
            .store
            .questions(version.id)?
            .into_iter()
            .filter(|q| q.active)
            .collect();
        let checked: Vec<&QuestionRow> = active.iter().filter(|q| has_passage(q)).collect();
        let n = checked.len();
        let chance = if n == 0 {
            0.0
        } else {
            checked
                .iter()
                .map(|q| 1.0 / q.choices.len().max(1) as f64)
                .sum::<f64>()
                / n as f64
        };
        let longest = checked.iter().filter(|q| longest_is_key(q)).count();
        let longest_choice = if n == 0 {
            0.0
        } else {
            longest as f64 / n as f64
        };

        // The pipelines of each reader, by retriever.
        let mut found: HashMap<ReaderKind, (Option<SystemId>, Option<SystemId>)> = HashMap::new();
        for (id, _, config) in self.store.pipelines()? {
            let Ok(spec) = serde_json::from_str::<crate::dto::PipelineSpec>(&config) else {
                continue;
            };
            if !readers.is_empty() && !readers.contains(&spec.reader) {
                continue;
            }
            let entry = found.entry(spec.reader).or_default();
            match spec.retriever {
                Retriever::ClosedBook => entry.0 = Some(id),
                Retriever::Oracle => entry.1 = Some(id),
                _ => {}
            }
        }
        let runs = self.store.runs(version.id)?;
        let sitting =
            |system: SystemId| -> ApiResult<Option<(HashMap<QuestionId, Outcome>, String)>> {
                let Some(run) = runs
                    .iter()
                    .find(|r| r.system == Some(system) && r.mode == RunMode::Answers)
                else {
                    return Ok(None);
                };
                let outcomes = self
                    .store
                    .responses(run.id)?
                    .into_iter()
                    .map(|r| (r.question, r.outcome))
                    .collect();
                Ok(Some((outcomes, run.source.clone().unwrap_or_default())))
            };
        let mut rows = Vec::new();
        let mut kinds: Vec<ReaderKind> = found.keys().copied().collect();
        kinds.sort();
        for kind in kinds {
            let (Some(closed), Some(oracle)) = found[&kind] else {
                continue;
            };
            let (Some((without, _)), Some((with, setup))) = (sitting(closed)?, sitting(oracle)?)
            else {
                continue;
            };
            rows.push(row(kind, &checked, &with, &without, &setup)?);
        }
        // One family: the readers checked together.
        let adjusted =
            holm(&rows.iter().map(|r| r.p_value).collect::<Vec<_>>()).unwrap_or_default();
        for (row, p) in rows.iter_mut().zip(adjusted) {
            row.p_value = p;
            judge(row, chance, longest_choice, n);
        }
        rows.sort_by(|a, b| b.with_passage.accuracy.total_cmp(&a.with_passage.accuracy));
        Ok(ReaderCheck {
            exam: exam_version_dto(version),
            questions: saturating_u32(n),
            without_passage: saturating_u32(active.len() - n),
            chance,
            longest_choice,
            readers: rows,
        })
    }
}

fn has_passage(q: &QuestionRow) -> bool {
    q.source_text
        .as_deref()
        .is_some_and(|t| !t.trim().is_empty())
}

/// Whether the key is the longest choice (the first of equally long ones, as in the bias
/// baselines of the exam's quality).
fn longest_is_key(q: &QuestionRow) -> bool {
    let lengths: Vec<usize> = q.choices.iter().map(|c| c.chars().count()).collect();
    let longest = lengths.iter().copied().max().unwrap_or(0);
    lengths.iter().position(|l| *l == longest) == Some(q.key)
}

/// The readers the installed models allow.
fn default_readers(models: Option<&str>) -> Vec<ReaderKind> {
    let mut readers = vec![ReaderKind::Lexical, ReaderKind::SlidingWindow];
    let folder = models_folder(models).ok();
    if folder.as_ref().is_some_and(|f| f.file("embedder").is_ok()) {
        readers.push(ReaderKind::Embedding);
    }
    readers.extend(model_readers(folder.as_ref()));
    readers
}

pub(crate) fn rate(right: usize, of: usize) -> ApiResult<Rate> {
    let (low, high) = if of == 0 {
        (0.0, 1.0)
    } else {
        Proportion::new(right as u64, of as u64)
            .map_err(|e| ApiError::new(ErrorCode::Internal, e.to_string()))?
            .wilson_95()
    };
    Ok(Rate {
        right: saturating_u32(right),
        of: saturating_u32(of),
        accuracy: if of == 0 {
            0.0
        } else {
            right as f64 / of as f64
        },
        low,
        high,
    })
}

/// One reader's counts; the verdict comes after Holm ([`judge`]).
pub(crate) fn row(
    kind: ReaderKind,
    checked: &[&QuestionRow],
    given: &HashMap<QuestionId, Outcome>,
    closed: &HashMap<QuestionId, Outcome>,
    setup: &str,
) -> ApiResult<ReaderCheckRow> {
    let right = |outcomes: &HashMap<QuestionId, Outcome>, q: &QuestionRow| matches!(outcomes.get(&q.id), Some(Outcome::Chosen(i)) if *i == q.key);
    let (mut right_with, mut right_without, mut only_with, mut only_without) = (0, 0, 0, 0);
    let width = checked.iter().map(|q| q.choices.len()).max().unwrap_or(0);
    let mut chosen = vec![0usize; width];
    let mut keys = vec![0usize; width];
    let mut answered = 0;
    for q in checked {
        let (a, b) = (right(given, q), right(closed, q));
        right_with += usize::from(a);
        right_without += usize::from(b);
        only_with += usize::from(a && !b);
        only_without += usize::from(b && !a);
        keys[q.key] += 1;
        if let Some(Outcome::Chosen(i)) = given.get(&q.id)
            && *i < width
        {
            chosen[*i] += 1;
            answered += 1;
        }
    }
    let n = checked.len();
    let share = |count: usize, of: usize| {
        if of == 0 {
            0.0
        } else {
            count as f64 / of as f64
        }
    };
    let positions = (0..width)
        .map(|p| LetterShare {
            letter: proctor_core::letter(p).to_string(),
            chosen: share(chosen[p], answered),
            keys: share(keys[p], n),
        })
        .collect();
    // The run's set-up lists the models it loaded; the language model's entry names its file,
    // hash and scoring mode.
    let model = setup
        .split_once(" with ")
        .and_then(|(_, models)| models.split(", ").find(|m| m.contains(" scoring by ")));
    let name = match (kind, model) {
        (ReaderKind::LanguageModel, Some(m)) => format!("language model · {m}"),
        _ => reader_name(kind).to_owned(),
    };
    let spec = |retriever| crate::dto::PipelineSpec {
        retriever,
        reader: kind,
        top_k: 0,
    };
    Ok(ReaderCheckRow {
        reader: kind,
        name,
        with_system: pipeline_name(spec(Retriever::Oracle)),
        without_system: pipeline_name(spec(Retriever::ClosedBook)),
        with_passage: rate(right_with, n)?,
        closed_book: rate(right_without, n)?,
        only_with: saturating_u32(only_with),
        only_without: saturating_u32(only_without),
        p_value: mcnemar_exact(only_with as u64, only_without as u64).p_value,
        reads: false,
        sentence: String::new(),
        positions,
    })
}

fn percent(x: f64) -> String {
    format!("{:.0}%", 100.0 * x)
}

/// The verdict and its sentence: a reader reads when, with the passage, its interval clears
/// chance and the longest choice, and it beats closed book by the verdict test.
pub(crate) fn judge(row: &mut ReaderCheckRow, chance: f64, longest: f64, n: usize) {
    let with = &row.with_passage;
    let without = &row.closed_book;
    let interval = format!(
        "{} [{}, {}]",
        percent(with.accuracy),
        percent(with.low),
        percent(with.high)
    );
    let above_blind = with.low > chance.max(longest);
    let beats_closed = row.p_value < ALPHA && row.only_with > row.only_without;
    row.reads = n > 0 && above_blind && beats_closed;
    row.sentence = if n == 0 {
        "No question carries its passage: nothing to check.".to_owned()
    } else if !above_blind {
        format!(
            "This reader cannot tell the choices apart on this exam: with the passage it scores {interval}, not clearly above chance ({}) or always picking the longest choice ({}).",
            percent(chance),
            percent(longest)
        )
    } else if !beats_closed {
        format!(
            "This reader scores above chance, but not because it reads: {interval} with the passage, {} without it — a difference that could be luck (McNemar p = {:.2}).",
            percent(without.accuracy),
            row.p_value
        )
    } else {
        format!(
            "This reader reads: {interval} with the passage against {} without it, a real difference (McNemar p = {}), and above chance ({}) and the longest choice ({}).",
            percent(without.accuracy),
            p_words(row.p_value),
            percent(chance),
            percent(longest)
        )
    };
}

fn p_words(p: f64) -> String {
    if p < 0.001 {
        "< 0.001".to_owned()
    } else {
        format!("{p:.3}")
    }
}

/// The reader check of an exam file alone — questions with a passage column, no corpus — in a
/// project made for it in the temporary folder and removed afterwards.
pub fn check_exam_file(
    file: &std::path::Path,
    request: &ReaderCheckRequest,
    progress: &dyn Progress,
) -> ApiResult<ReaderCheck> {
    let folder = std::env::temp_dir().join(format!(
        "proctor-reader-check-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos())
    ));
    std::fs::create_dir_all(&folder).map_err(|e| {
        ApiError::new(
            ErrorCode::Internal,
            format!("cannot make a folder in {}: {e}", folder.display()),
        )
    })?;
    let result = (|| {
        let mut project = Project::create(&folder.join("check.proctor"))?;
        project.import(
            &crate::dto::ImportRequest::new(
                crate::dto::ImportKind::Exam,
                file.display().to_string(),
            ),
            progress,
        )?;
        project.check_readers(request, progress)
    })();
    let _ = std::fs::remove_dir_all(&folder);
    result
}

/// The reader check of an exam from the sittings already there (every reader whose closed-book
/// and oracle pipelines both sat it).
pub(crate) fn from_sittings(project: &Project, exam: &ExamRef) -> ApiResult<ReaderCheck> {
    project.reader_check(exam.exam.as_deref(), &[])
}
