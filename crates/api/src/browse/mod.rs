//! The workbench's pages: documents, the exam question by question with every system's
//! answer, and the systems with what each still has to answer.

pub(crate) mod categories;
pub(crate) mod changes;
pub(crate) mod sheets;

use crate::dto::{
    AnswerVerdict, DocumentInfo, DocumentRef, DocumentView, DocumentsOverview, IrtReport,
    ItemCurve, QuestionChange, QuestionListRow, QuestionRequest, QuestionTable, QuestionView,
    QuestionsRequest, RenameSystem, SystemAnswer, SystemGroup, SystemInfo, SystemTags,
    SystemsOverview,
};
use crate::grading::{factors_of, group_of_kind};
use crate::imports::project_name;
use crate::project::exam_version_dto;
use crate::saturating_u32;
use crate::{ApiError, ApiResult, ErrorCode, Project};
use proctor_core::{Outcome, QuestionId, RunMode, SystemKind};
use proctor_store::{ExamVersionRow, QuestionRow};
use std::collections::HashMap;

/// The letter of choice `i` (A, B, …).
pub(crate) fn letter(i: usize) -> String {
    u8::try_from(i).ok().filter(|i| *i < 26).map_or_else(
        || format!("#{}", i + 1),
        |i| char::from(b'A' + i).to_string(),
    )
}

pub(crate) fn verdict_of(outcome: Option<Outcome>, key: usize) -> AnswerVerdict {
    match outcome {
        Some(Outcome::Chosen(i)) if i == key => AnswerVerdict::Right,
        Some(Outcome::Chosen(_)) => AnswerVerdict::Wrong,
        Some(Outcome::Unanswered) => AnswerVerdict::Unanswered,
        Some(Outcome::NeedsLook) => AnswerVerdict::NeedsLook,
        Some(Outcome::Error) => AnswerVerdict::Error,
        None => AnswerVerdict::Missing,
    }
}

/// The error for a question id the version does not have.
pub(crate) fn no_question(version: &ExamVersionRow, id: &str) -> ApiError {
    ApiError::new(
        ErrorCode::NotFound,
        format!(
            "{} version {} has no question \"{}\"",
            version.exam_name,
            version.version,
            proctor_core::text::visible(id)
        ),
    )
}

/// Per question: (systems right, systems sat, pipelines right, pipelines sat).
type Tallies = HashMap<QuestionId, [u32; 4]>;

impl Project {
    /// Every document with its topic, size and chunks.
    pub fn documents_overview(&self) -> ApiResult<DocumentsOverview> {
        let chunks = self.store.chunk_counts()?;
        let documents = self
            .store
            .documents()?
            .into_iter()
            .map(|d| DocumentInfo {
                id: saturating_u32(d.id.0),
                chunks: saturating_u32(chunks.get(&d.id).copied().unwrap_or(0)),
                name: d.name,
                topic: d.topic,
                format: d.format,
                chars: saturating_u32(d.chars),
                set_aside: saturating_u32(d.set_aside),
            })
            .collect();
        Ok(DocumentsOverview {
            documents,
            topics: self.store.topics()?,
        })
    }

    /// One document with its extracted text.
    pub fn document(&self, document: &DocumentRef) -> ApiResult<DocumentView> {
        let overview = self.documents_overview()?;
        let info = overview
            .documents
            .into_iter()
            .find(|d| d.id == document.id)
            .ok_or_else(|| {
                ApiError::new(
                    ErrorCode::NotFound,
                    format!("there is no document {}", document.id),
                )
            })?;
        let text = self
            .store
            .document_text(proctor_core::DocumentId(i64::from(document.id)))?
            .unwrap_or_default();
        Ok(DocumentView { info, text })
    }

    fn tallies(&self, version: &ExamVersionRow) -> ApiResult<Tallies> {
        let questions = self.store.questions(version.id)?;
        let keys: HashMap<QuestionId, usize> = questions.iter().map(|q| (q.id, q.key)).collect();
        let systems = self.store.systems()?;
        let mut tallies: Tallies = HashMap::new();
        for run in self.store.runs(version.id)? {
            let Some(system) = run
                .system
                .and_then(|id| systems.iter().find(|s| s.id == id))
            else {
                continue;
            };
            let offset = if system.kind == SystemKind::Pipeline {
                2
            } else {
                0
            };
            for response in self.store.responses(run.id)? {
                let Some(key) = keys.get(&response.question) else {
                    continue;
                };
                let tally = tallies.entry(response.question).or_default();
                tally[offset + 1] += 1;
                if response.outcome == Outcome::Chosen(*key) {
                    tally[offset] += 1;
                }
            }
        }
        Ok(tallies)
    }

    fn list_row(
        (number, q): (usize, &QuestionRow),
        tally: [u32; 4],
        irt: Option<&IrtReport>,
        change: Option<QuestionChange>,
    ) -> QuestionListRow {
        let item = irt.and_then(|r| r.items.iter().find(|i| i.question == q.external_id));
        let sat = tally[1] + tally[3];
        QuestionListRow {
            id: q.external_id.clone(),
            number: saturating_u32(number + 1),
            change,
            stem: q.stem.clone(),
            key: letter(q.key),
            key_text: q.choices.get(q.key).cloned().unwrap_or_default(),
            topic: q.topic.clone(),
            bloom: q.bloom.iter().map(ToString::to_string).collect(),
            question_type: q.question_type.to_string(),
            active: q.active,
            right: tally[0],
            sat: tally[1],
            pipelines_right: tally[2],
            pipelines_sat: tally[3],
            share_right: (sat > 0).then(|| f64::from(tally[0] + tally[2]) / f64::from(sat)),
            discrimination: item.map(|i| i.discrimination),
            difficulty: item.map(|i| i.difficulty),
            flags: item.map(|i| i.flags.clone()).unwrap_or_default(),
        }
    }

    /// The exam as a table: each question with how the systems did on it and its IRT numbers.
    pub fn question_table(&self, request: &QuestionsRequest) -> ApiResult<QuestionTable> {
        let version = self.exam_version(request.exam.as_deref())?;
        let irt = self.latest_irt(Some(&version.exam_name))?;
        let tallies = self.tallies(&version)?;
        let (changes, by_question) = self.version_changes(&version)?.unzip();
        let rows = self
            .store
            .questions(version.id)?
            .iter()
            .enumerate()
            .map(|(at, q)| {
                Self::list_row(
                    (at, q),
                    tallies.get(&q.id).copied().unwrap_or_default(),
                    irt.as_ref(),
                    by_question.as_ref().and_then(|c| c.get(&q.id).copied()),
                )
            })
            .collect();
        Ok(QuestionTable {
            exam: exam_version_dto(&version),
            irt_fitted: irt.is_some(),
            changes,
            rows,
        })
    }

    /// One question: choices, key, passage, curve and every sitting's answer.
    pub fn question(&self, request: &QuestionRequest) -> ApiResult<QuestionView> {
        let version = self.exam_version(request.exam.as_deref())?;
        let questions = self.store.questions(version.id)?;
        let at = questions
            .iter()
            .position(|q| q.external_id == request.id)
            .ok_or_else(|| no_question(&version, &request.id))?;
        let q = &questions[at];
        let irt = self.latest_irt(Some(&version.exam_name))?;
        let answers = self.store.answers_to(q.id)?;
        // The row's counts come from the answers on this page (the gold-articles reader is not
        // a system and stays out of them, as in the table).
        let mut tally = [0u32; 4];
        for a in answers.iter().filter(|a| a.kind.is_some()) {
            let Some(outcome) = a.outcome else { continue };
            let offset = if a.kind == Some(SystemKind::Pipeline) {
                2
            } else {
                0
            };
            tally[offset + 1] += 1;
            if outcome == Outcome::Chosen(q.key) {
                tally[offset] += 1;
            }
        }
        let change = self
            .version_changes(&version)?
            .and_then(|(_, by_question)| by_question.get(&q.id).copied());
        let row = Self::list_row((at, q), tally, irt.as_ref(), change);
        let curve = irt.as_ref().and_then(|report| {
            let item = report.items.iter().find(|i| i.question == q.external_id)?;
            Some(ItemCurve {
                theta: report.information.theta.clone(),
                probability: item.curve.clone(),
                abilities: report
                    .systems
                    .iter()
                    .map(|a| (a.system.clone(), a.ability))
                    .collect(),
            })
        });
        let mut answers: Vec<SystemAnswer> = answers
            .into_iter()
            .map(|a| SystemAnswer {
                system: a.system.unwrap_or_else(|| "gold articles".to_owned()),
                group: a.kind.map_or(SystemGroup::Pipelines, group_of_kind),
                exam_mode: a.mode != RunMode::Answers,
                verdict: verdict_of(a.outcome, q.key),
                choice: match a.outcome {
                    Some(Outcome::Chosen(i)) => Some(letter(i)),
                    _ => None,
                },
                raw_text: a.raw_text,
                latency_ms: a.latency_ms,
                error: a.error,
            })
            .collect();
        answers.sort_by(|a, b| a.group.cmp(&b.group).then_with(|| a.system.cmp(&b.system)));
        Ok(QuestionView {
            exam: exam_version_dto(&version),
            query: q.query.clone(),
            choices: q.choices.clone(),
            key_index: saturating_u32(q.key),
            source_text: q.source_text.clone(),
            curve,
            answers,
            previous: at.checked_sub(1).map(|i| questions[i].external_id.clone()),
            next: questions.get(at + 1).map(|q| q.external_id.clone()),
            row,
        })
    }

    /// Every system with its kind, tags and how it did on the newest exam.
    pub fn systems_overview(&self) -> ApiResult<SystemsOverview> {
        let versions = self.store.exam_versions()?;
        let on_view = self.viewed_version()?;
        let version = on_view.as_ref();
        let systems = self.store.systems()?;
        let mut infos = Vec::with_capacity(systems.len());
        let questions = match version {
            Some(v) => self.store.questions(v.id)?,
            None => Vec::new(),
        };
        let keys: HashMap<QuestionId, usize> = questions
            .iter()
            .filter(|q| q.active)
            .map(|q| (q.id, q.key))
            .collect();
        let runs = match version {
            Some(v) => self.store.runs(v.id)?,
            None => Vec::new(),
        };
        // The runs of every version of the exam on view, read once for all systems.
        let mut sittings_by_version = Vec::new();
        for v in versions
            .iter()
            .filter(|v| version.is_some_and(|newest| newest.exam == v.exam))
        {
            sittings_by_version.push((v.version, self.store.runs(v.id)?));
        }
        for system in &systems {
            let mut counts = [0u32; 5];
            let mut answered = 0usize;
            let sitting = runs.iter().find(|r| r.system == Some(system.id));
            let operations = if system.kind == SystemKind::Endpoint {
                self.operations(system.id, &system.name, &questions, &runs)?
            } else {
                None
            };
            if let Some(run) = sitting {
                for response in self.store.responses(run.id)? {
                    let Some(key) = keys.get(&response.question) else {
                        continue;
                    };
                    answered += 1;
                    let slot = match response.outcome {
                        Outcome::Chosen(i) if i == *key => 0,
                        Outcome::Chosen(_) => 1,
                        Outcome::Unanswered => 2,
                        Outcome::Error => 3,
                        Outcome::NeedsLook => 4,
                    };
                    counts[slot] += 1;
                }
            }
            let sat = sittings_by_version
                .iter()
                .filter(|(_, runs)| runs.iter().any(|r| r.system == Some(system.id)))
                .map(|(v, _)| *v)
                .collect();
            infos.push(SystemInfo {
                name: system.name.clone(),
                kind: system.kind.as_str().to_owned(),
                open: sitting.is_some_and(|run| run.open.is_some()),
                group: group_of_kind(system.kind),
                factors: factors_of(system),
                versions: sat,
                right: counts[0],
                wrong: counts[1],
                unanswered: counts[2],
                errors: counts[3],
                needs_look: counts[4],
                to_answer: saturating_u32(keys.len().saturating_sub(answered)),
                mean_latency_ms: self.store.mean_latency(system.id)?,
                operations,
            });
        }
        infos.sort_by(|a, b| a.group.cmp(&b.group).then_with(|| a.name.cmp(&b.name)));
        Ok(SystemsOverview {
            exam: version.map(exam_version_dto),
            systems: infos,
        })
    }

    /// Renames a system; a name another system has is refused.
    pub fn rename_system(&mut self, request: &RenameSystem) -> ApiResult<SystemsOverview> {
        let system = self.system_named(&request.name)?;
        let new_name = project_name("system", &request.new_name)?;
        if new_name != system.name && self.system_named(&new_name).is_ok() {
            return Err(ApiError::new(
                ErrorCode::Conflict,
                format!("a system named \"{new_name}\" already exists; choose another name"),
            ));
        }
        let tx = self.store.transaction()?;
        tx.rename_system(system.id, &new_name)?;
        tx.commit()?;
        self.systems_overview()
    }

    /// Replaces a system's factor tags.
    pub fn tag_system(&mut self, request: &SystemTags) -> ApiResult<SystemsOverview> {
        let system = self.system_named(&request.name)?;
        let mut seen = std::collections::BTreeSet::new();
        let mut factors = Vec::with_capacity(request.factors.len());
        for factor in &request.factors {
            let name = project_name("tag", &factor.name)?;
            let level = project_name("tag value", &factor.level)?;
            if !seen.insert(name.clone()) {
                return Err(ApiError::new(
                    ErrorCode::InvalidInput,
                    format!("the tag \"{name}\" is given twice; a system has one value per tag"),
                ));
            }
            factors.push((name, level));
        }
        let tx = self.store.transaction()?;
        tx.clear_factors(system.id)?;
        for (name, level) in &factors {
            tx.set_factor(system.id, name, level)?;
        }
        tx.commit()?;
        self.systems_overview()
    }
}
