//! Reviewing generated questions (METHODS.md §5): the queue with each question's source, filter
//! findings and categories; accept (into the exam's draft, with provenance), reject with a
//! reason, reinstate; edits recorded before and after; and the quality of what was generated.

use crate::dto::{
    CandidateEdit, CandidateStatus, ExamFileFormat, ExamRef, ExportRequest, ExportedExam,
    FilterFlag, FilterThresholds, GeneratedDetail, GeneratedEdit, GeneratedExam, GeneratedQuestion,
    GeneratedRef, GenerationInfo, GenerationQuality, Provenance, QuestionEdit, ReviewAction,
    ReviewReport, ReviewRequest, Tally, TopicCoverage,
};
use crate::generate::Settings;
use crate::project::exam_version_dto;
use crate::{ApiError, ApiResult, ErrorCode, Project};
use proctor_core::QuestionDraft;
use proctor_exam::classify::{BloomKeywords, question_type};
use proctor_exam::generate::filters::{Check, Flag, Thresholds};
use proctor_exam::generate::parse::Unparsed;
use proctor_formats::exam_export::{ExportFormat, ExportQuestion, write_exam};
use proctor_stats::significance::chi_square_uniform;
use proctor_store::{CandidateRow, ExamVersionRow, GenerationRow, NewQuestion};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

fn n(v: usize) -> u32 {
    u32::try_from(v).unwrap_or(u32::MAX)
}

fn internal(e: impl std::fmt::Display) -> ApiError {
    ApiError::new(ErrorCode::Internal, e.to_string())
}

fn invalid(message: impl Into<String>) -> ApiError {
    ApiError::new(ErrorCode::InvalidInput, message)
}

/// What a question says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Content {
    stem: String,
    choices: Vec<String>,
    key: usize,
}

/// One stored edit (the `edits` column holds a list of them).
#[derive(Debug, Clone, Serialize, Deserialize)]
struct StoredEdit {
    at: String,
    before: Content,
    after: Content,
}

fn status_of(text: &str) -> CandidateStatus {
    match text {
        "unparsed" => CandidateStatus::Unparsed,
        "accepted" => CandidateStatus::Accepted,
        "rejected" => CandidateStatus::Rejected,
        _ => CandidateStatus::Pending,
    }
}

fn flags_of(row: &CandidateRow) -> Vec<Flag> {
    serde_json::from_str(&row.flags).unwrap_or_default()
}

fn flag_dto(flag: &Flag) -> FilterFlag {
    FilterFlag {
        code: serde_json::to_value(flag.check)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default(),
        label: flag.check.label().to_owned(),
        value: flag.value,
        threshold: flag.threshold,
        detail: flag.detail.clone(),
    }
}

fn question_dto(row: &CandidateRow, keywords: &BloomKeywords) -> GeneratedQuestion {
    let stem = row.stem.clone();
    let edits: Vec<StoredEdit> = serde_json::from_str(&row.edits).unwrap_or_default();
    GeneratedQuestion {
        id: n(usize::try_from(row.id).unwrap_or(0)),
        status: status_of(&row.status),
        bloom: stem
            .as_deref()
            .map(|s| {
                keywords
                    .classify(s)
                    .iter()
                    .map(|l| l.as_str().to_owned())
                    .collect()
            })
            .unwrap_or_default(),
        question_type: stem
            .as_deref()
            .map_or("other", |s| question_type(s).as_str())
            .to_owned(),
        stem,
        choices: row.choices.clone().unwrap_or_default(),
        key: row.key.map(n),
        kind: row
            .kind
            .as_deref()
            .and_then(|k| serde_json::from_str::<serde_json::Value>(k).ok())
            .map(|v| match v {
                serde_json::Value::String(s) => s,
                serde_json::Value::Object(m) => m
                    .into_iter()
                    .next()
                    .map(|(k, v)| format!("{k} ({})", v.as_str().unwrap_or_default()))
                    .unwrap_or_default(),
                other => other.to_string(),
            }),
        topic: row.topic.clone(),
        document: row.document.clone(),
        flags: flags_of(row).iter().map(flag_dto).collect(),
        parse_error: row
            .parse_error
            .as_deref()
            .and_then(|e| serde_json::from_str::<Unparsed>(e).ok())
            .map(|e| e.to_string()),
        reason: row.reason.clone(),
        edited: !edits.is_empty(),
        question_id: row.question_id.clone(),
        generation: n(usize::try_from(row.generation).unwrap_or(0)),
    }
}

fn tallies(counts: BTreeMap<String, usize>) -> Vec<Tally> {
    counts
        .into_iter()
        .map(|(name, count)| Tally {
            name,
            count: n(count),
        })
        .collect()
}

impl Project {
    /// The generated questions of an exam (default: the one on view), with their quality.
    pub fn generated(&self, exam: &ExamRef) -> ApiResult<GeneratedExam> {
        let version = self.exam_version(exam.exam.as_deref())?;
        let rows = self.store.candidates(version.exam)?;
        let keywords = BloomKeywords::from_pairs(self.store.bloom_keywords()?);
        let generations = self.store.generations(version.exam)?;
        Ok(GeneratedExam {
            exam: version.exam_name.clone(),
            questions: rows.iter().map(|r| question_dto(r, &keywords)).collect(),
            quality: self.generation_quality(&version)?,
            generations: generations
                .iter()
                .map(|g| generation_info(g, &rows))
                .collect(),
        })
    }

    /// One generated question with its source passage, edits and provenance.
    pub fn generated_question(&self, which: &GeneratedRef) -> ApiResult<GeneratedDetail> {
        let (_, row) = self.candidate_of(which.exam.as_deref(), which.id)?;
        let generation = self
            .store
            .generation(row.generation)?
            .ok_or_else(|| internal("the question's generation vanished"))?;
        let keywords = BloomKeywords::from_pairs(self.store.bloom_keywords()?);
        let (from, to) = row
            .highlight
            .as_deref()
            .and_then(|h| serde_json::from_str::<(usize, usize)>(h).ok())
            .filter(|(a, b)| {
                a <= b
                    && *b <= row.source_text.len()
                    && row.source_text.is_char_boundary(*a)
                    && row.source_text.is_char_boundary(*b)
            })
            .unwrap_or((0, 0));
        let edits: Vec<StoredEdit> = serde_json::from_str(&row.edits).unwrap_or_default();
        Ok(GeneratedDetail {
            question: question_dto(&row, &keywords),
            source_before: row.source_text[..from].to_owned(),
            source_highlight: row.source_text[from..to].to_owned(),
            source_after: row.source_text[to..].to_owned(),
            raw: row.raw.clone(),
            edits: edits
                .into_iter()
                .map(|e| CandidateEdit {
                    at: e.at,
                    stem_before: e.before.stem,
                    choices_before: e.before.choices,
                    key_before: n(e.before.key),
                    stem_after: e.after.stem,
                    choices_after: e.after.choices,
                    key_after: n(e.after.key),
                })
                .collect(),
            provenance: provenance_of(&generation, &row),
        })
    }

    fn candidate_of(
        &self,
        exam: Option<&str>,
        id: u32,
    ) -> ApiResult<(ExamVersionRow, CandidateRow)> {
        let version = self.exam_version(exam)?;
        let row = self
            .store
            .candidate(i64::from(id))?
            .filter(|r| {
                self.store
                    .generation(r.generation)
                    .ok()
                    .flatten()
                    .is_some_and(|g| g.exam == version.exam)
            })
            .ok_or_else(|| {
                ApiError::new(
                    ErrorCode::NotFound,
                    format!(
                        "exam '{}' has no generated question {id}",
                        version.exam_name
                    ),
                )
            })?;
        Ok((version, row))
    }

    /// Accepts, rejects or reinstates generated questions. Accepted ones go into the exam's
    /// draft (opened from the newest version if that is frozen) with their provenance.
    pub fn review_generated(&mut self, request: &ReviewRequest) -> ApiResult<ReviewReport> {
        if request.ids.is_empty() {
            return Err(invalid("choose at least one question to review"));
        }
        let reason = request
            .reason
            .as_deref()
            .map(str::trim)
            .filter(|r| !r.is_empty());
        if request.action == ReviewAction::Reject && reason.is_none() {
            return Err(invalid("say why the questions are rejected"));
        }
        let mut rows = Vec::with_capacity(request.ids.len());
        for id in &request.ids {
            let (_, row) = self.candidate_of(request.exam.as_deref(), *id)?;
            if row.status == "unparsed" {
                return Err(invalid(format!(
                    "generated question {id} did not parse; there is no question to review"
                )));
            }
            rows.push(row);
        }
        let exam_name = self.exam_version(request.exam.as_deref())?.exam_name;
        let draft = self.draft(Some(&exam_name))?;
        let in_draft = self.store.questions(draft.id)?;
        let keywords = BloomKeywords::from_pairs(self.store.bloom_keywords()?);
        let mut generations = BTreeMap::new();
        for row in &rows {
            if let Some(g) = self.store.generation(row.generation)? {
                generations.insert(row.generation, g);
            }
        }
        let mut changed = 0;
        let tx = self.store.transaction()?;
        for row in &rows {
            let present = row
                .question_id
                .as_deref()
                .and_then(|id| in_draft.iter().find(|q| q.external_id == id));
            match request.action {
                ReviewAction::Accept => {
                    if row.status == "accepted" && present.is_some() {
                        continue;
                    }
                    let id = row
                        .question_id
                        .clone()
                        .unwrap_or_else(|| format!("g{}", row.id));
                    if in_draft.iter().any(|q| q.external_id == id) {
                        return Err(ApiError::new(
                            ErrorCode::Conflict,
                            format!("the exam already has a question \"{id}\""),
                        ));
                    }
                    let stem = row.stem.clone().unwrap_or_default();
                    let valid = QuestionDraft {
                        external_id: id.clone(),
                        stem: stem.clone(),
                        choices: row.choices.clone().unwrap_or_default(),
                        key: row.key.unwrap_or(0),
                        topic: row.topic.clone(),
                        source_text: Some(row.source_text.clone()),
                        generator: Some(format!("generated ({})", row.generation)),
                        ..QuestionDraft::default()
                    }
                    .validate()
                    .map_err(|e| invalid(format!("generated question {}: {e}", row.id)))?;
                    let new = NewQuestion {
                        bloom_auto: keywords.classify(&stem),
                        question_type_auto: question_type(&stem),
                        question: valid,
                    };
                    let ids = tx.insert_questions(draft.id, &[new], |_| ())?;
                    let generation = generations
                        .get(&row.generation)
                        .ok_or_else(|| internal("the question's generation vanished"))?;
                    let provenance = provenance_json(generation, row, &row.edits);
                    for qid in ids {
                        tx.set_provenance(qid, row.chunk, &provenance)?;
                    }
                    tx.review_candidate(row.id, "accepted", None, Some(&id))?;
                }
                ReviewAction::Reject | ReviewAction::Reinstate => {
                    if let Some(q) = present {
                        tx.delete_question(q.id)?;
                    }
                    let (status, why) = if request.action == ReviewAction::Reject {
                        ("rejected", reason)
                    } else {
                        ("pending", None)
                    };
                    tx.review_candidate(row.id, status, why, None)?;
                }
            }
            changed += 1;
        }
        tx.commit()?;
        let draft = self.store.version(draft.id)?.unwrap_or(draft);
        let verb = match request.action {
            ReviewAction::Accept => "accepted into",
            ReviewAction::Reject => "rejected; the draft of",
            ReviewAction::Reinstate => "back in the queue; the draft of",
        };
        Ok(ReviewReport {
            changed,
            message: format!(
                "{changed} generated question{} {verb} version {} of '{}' (now {} questions).",
                if changed == 1 { "" } else { "s" },
                draft.version,
                draft.exam_name,
                draft.questions
            ),
            draft: exam_version_dto(&draft),
        })
    }

    /// Edits a generated question; the edit is recorded before and after, and an accepted
    /// question changes in the draft too.
    pub fn edit_generated(&mut self, edit: &GeneratedEdit) -> ApiResult<GeneratedDetail> {
        let (version, row) = self.candidate_of(edit.exam.as_deref(), edit.id)?;
        let before = Content {
            stem: row
                .stem
                .clone()
                .ok_or_else(|| invalid(format!("generated question {} did not parse", edit.id)))?,
            choices: row.choices.clone().unwrap_or_default(),
            key: row.key.unwrap_or(0),
        };
        let checked = QuestionDraft {
            external_id: format!("g{}", row.id),
            stem: edit.stem.trim().to_owned(),
            choices: edit.choices.iter().map(|c| c.trim().to_owned()).collect(),
            key: edit.key as usize,
            ..QuestionDraft::default()
        }
        .validate()
        .map_err(|e| invalid(format!("generated question {}: {e}", edit.id)))?;
        if checked.choices.len() != 4 {
            return Err(invalid("a generated question keeps four choices"));
        }
        let after = Content {
            stem: checked.stem.clone(),
            choices: checked.choices.texts().to_vec(),
            key: checked.key,
        };
        if after == before {
            return self.generated_question(&GeneratedRef {
                exam: edit.exam.clone(),
                id: edit.id,
            });
        }
        let mut edits: Vec<StoredEdit> = serde_json::from_str(&row.edits).unwrap_or_default();
        edits.push(StoredEdit {
            at: self.store.now()?,
            before,
            after: after.clone(),
        });
        let edits_json = serde_json::to_string(&edits).map_err(internal)?;
        if row.status == "accepted"
            && let Some(id) = &row.question_id
        {
            self.edit_question(&QuestionEdit {
                exam: Some(version.exam_name.clone()),
                id: Some(id.clone()),
                stem: after.stem.clone(),
                choices: after.choices.clone(),
                key: n(after.key),
                topic: None,
            })?;
            // The draft's copy carries the edit in its provenance too.
            let draft = self.draft(Some(&version.exam_name))?;
            let generation = self
                .store
                .generation(row.generation)?
                .ok_or_else(|| internal("the question's generation vanished"))?;
            if let Some(q) = self
                .store
                .questions(draft.id)?
                .into_iter()
                .find(|q| &q.external_id == id)
            {
                let tx = self.store.transaction()?;
                tx.set_provenance(
                    q.id,
                    row.chunk,
                    &provenance_json(&generation, &row, &edits_json),
                )?;
                tx.commit()?;
            }
        }
        let tx = self.store.transaction()?;
        tx.edit_candidate(
            row.id,
            (&after.stem, &after.choices, after.key),
            &edits_json,
        )?;
        // The filters measured the old wording: measure again at the next check.
        tx.set_checks(row.id, "null", &row.flags)?;
        tx.commit()?;
        self.generated_question(&GeneratedRef {
            exam: Some(version.exam_name),
            id: edit.id,
        })
    }

    /// The quality of an exam's generated questions.
    pub(crate) fn generation_quality(
        &self,
        version: &ExamVersionRow,
    ) -> ApiResult<GenerationQuality> {
        let rows = self.store.candidates(version.exam)?;
        let keywords = BloomKeywords::from_pairs(self.store.bloom_keywords()?);
        let mut unparsed = BTreeMap::new();
        let mut flagged = BTreeMap::new();
        let (mut flagged_questions, mut duplicates) = (0, 0);
        let (mut accepted, mut rejected, mut pending) = (0, 0, 0);
        let mut positions = [0u64; 4];
        let (mut longest, mut kept) = (0usize, 0usize);
        let mut topics: BTreeMap<String, usize> = BTreeMap::new();
        let mut bloom = BTreeMap::new();
        let mut types = BTreeMap::new();
        for row in &rows {
            match row.status.as_str() {
                "unparsed" => {
                    let kind = row
                        .parse_error
                        .as_deref()
                        .and_then(|e| serde_json::from_str::<Unparsed>(e).ok())
                        .map_or("unknown", |e| e.kind());
                    *unparsed.entry(kind.to_owned()).or_insert(0) += 1;
                    continue;
                }
                "accepted" => accepted += 1,
                "rejected" => rejected += 1,
                _ => pending += 1,
            }
            let flags = flags_of(row);
            if !flags.is_empty() {
                flagged_questions += 1;
            }
            if flags.iter().any(|f| f.check == Check::Duplicate) {
                duplicates += 1;
            }
            for f in &flags {
                *flagged.entry(f.check.label().to_owned()).or_insert(0) += 1;
            }
            if row.status == "rejected" {
                continue;
            }
            kept += 1;
            let key = row.key.unwrap_or(0);
            if let Some(p) = positions.get_mut(key) {
                *p += 1;
            }
            let choices = row.choices.as_deref().unwrap_or(&[]);
            let lengths: Vec<usize> = choices.iter().map(|c| c.chars().count()).collect();
            let max = lengths.iter().copied().max().unwrap_or(0);
            if lengths.iter().position(|l| *l == max) == Some(key) {
                longest += 1;
            }
            *topics
                .entry(row.topic.clone().unwrap_or_else(|| "(no topic)".into()))
                .or_insert(0) += 1;
            let stem = row.stem.as_deref().unwrap_or("");
            for level in keywords.classify(stem) {
                *bloom.entry(level.as_str().to_owned()).or_insert(0) += 1;
            }
            *types
                .entry(question_type(stem).as_str().to_owned())
                .or_insert(0) += 1;
        }
        let mut corpus: BTreeMap<String, usize> = BTreeMap::new();
        let chunks = self.store.chunks()?;
        for c in &chunks {
            *corpus
                .entry(c.topic.clone().unwrap_or_else(|| "(no topic)".into()))
                .or_insert(0) += 1;
        }
        #[expect(clippy::cast_precision_loss, reason = "counts far below 2^52")]
        let ratio = |a: usize, b: usize| if b == 0 { 0.0 } else { a as f64 / b as f64 };
        let thresholds: Option<Thresholds> = self
            .store
            .setting(&format!("generation-thresholds:{}", version.exam.0))?
            .and_then(|t| serde_json::from_str(&t).ok());
        let all_topics: std::collections::BTreeSet<&String> =
            corpus.keys().chain(topics.keys()).collect();
        Ok(GenerationQuality {
            made: n(rows.len()),
            parsed: n(rows.len() - unparsed.values().sum::<usize>()),
            unparsed: tallies(unparsed),
            flagged: tallies(flagged),
            flagged_questions: n(flagged_questions),
            duplicates: n(duplicates),
            accepted: n(accepted),
            rejected: n(rejected),
            pending: n(pending),
            key_positions: positions
                .iter()
                .map(|&p| n(usize::try_from(p).unwrap_or(0)))
                .collect(),
            key_positions_p: chi_square_uniform(&positions).map(|(_, p)| p),
            longest_choice: (kept > 0).then(|| ratio(longest, kept)),
            best_position: (kept > 0).then(|| {
                ratio(
                    usize::try_from(positions.iter().copied().max().unwrap_or(0)).unwrap_or(0),
                    kept,
                )
            }),
            topics: all_topics
                .into_iter()
                .map(|t| TopicCoverage {
                    topic: t.clone(),
                    questions: n(topics.get(t).copied().unwrap_or(0)),
                    share: ratio(topics.get(t).copied().unwrap_or(0), kept),
                    corpus_share: ratio(corpus.get(t).copied().unwrap_or(0), chunks.len()),
                })
                .collect(),
            bloom: tallies(bloom),
            question_types: tallies(types),
            reading: self
                .store
                .setting(&crate::generated_reading::setting(version.exam))?
                .and_then(|r| serde_json::from_str(&r).ok()),
            thresholds: thresholds.map(|t| FilterThresholds {
                share: t.share,
                distractor_words: t.distractor_words,
                distractor_meaning: t.distractor_meaning,
                alike_words: t.alike_words,
                alike_meaning: t.alike_meaning,
            }),
        })
    }
}

impl Project {
    /// An exam version written out as CSV, JSON or auto-rag-eval's exam.json; only its active
    /// questions, generated ones with their provenance.
    pub fn export_exam(&self, request: &ExportRequest) -> ApiResult<ExportedExam> {
        let on_view = self.exam_version(request.exam.as_deref())?;
        let version = match request.version {
            None => on_view,
            Some(number) => self
                .store
                .version_of(&on_view.exam_name, number)?
                .ok_or_else(|| {
                    ApiError::new(
                        ErrorCode::NotFound,
                        format!("exam '{}' has no version {number}", on_view.exam_name),
                    )
                })?,
        };
        let provenances = self.store.provenances(version.id)?;
        let questions: Vec<ExportQuestion> = self
            .store
            .questions(version.id)?
            .into_iter()
            .filter(|q| q.active)
            .map(|q| ExportQuestion {
                provenance: provenances
                    .get(&q.id)
                    .and_then(|p| serde_json::from_str(p).ok()),
                id: q.external_id,
                stem: q.stem,
                choices: q.choices,
                key: q.key,
                topic: q.topic,
                bloom: q.bloom.iter().map(|b| b.as_str().to_owned()).collect(),
                source_text: q.source_text,
            })
            .collect();
        let (format, extension) = match request.format {
            ExamFileFormat::Csv => (ExportFormat::Csv, "csv"),
            ExamFileFormat::Json => (ExportFormat::Json, "json"),
            ExamFileFormat::AutoRagEval => (ExportFormat::AutoRagEval, "exam.json"),
        };
        let stem: String = version
            .exam_name
            .chars()
            .map(|c| {
                if c.is_alphanumeric() || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        Ok(ExportedExam {
            file_name: format!("{stem}-v{}.{extension}", version.version),
            content: String::from_utf8_lossy(&write_exam(&questions, format)).into_owned(),
            questions: n(questions.len()),
        })
    }
}

/// The provenance a question of the exam keeps: the generated question it came from, who wrote
/// it with what, and the reviewer's edits.
fn provenance_json(generation: &GenerationRow, row: &CandidateRow, edits: &str) -> String {
    serde_json::json!({
        "candidate": row.id,
        "provenance": provenance_of(generation, row),
        "edits": serde_json::from_str::<serde_json::Value>(edits).unwrap_or_default(),
    })
    .to_string()
}

fn provenance_of(generation: &GenerationRow, row: &CandidateRow) -> Provenance {
    Provenance {
        generator: generation.generator.clone(),
        model: generation.model.clone(),
        model_hash: generation.model_hash.clone(),
        prompt: generation.prompt.clone(),
        seed: u32::try_from(generation.seed).unwrap_or(0),
        written_at: row.created_at.clone(),
    }
}

fn generation_info(g: &GenerationRow, rows: &[CandidateRow]) -> GenerationInfo {
    let settings: Option<Settings> = serde_json::from_str(&g.settings).ok();
    GenerationInfo {
        id: n(usize::try_from(g.id).unwrap_or(0)),
        generator: g.generator.clone(),
        model: g.model.clone(),
        seed: u32::try_from(g.seed).unwrap_or(0),
        count: settings.map_or(0, |s| s.count),
        written: n(rows.iter().filter(|r| r.generation == g.id).count()),
        started_at: g.started_at.clone(),
        finished: g.finished_at.is_some(),
    }
}
