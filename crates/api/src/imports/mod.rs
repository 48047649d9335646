//! Import use cases. Each reads and checks the whole input first, then writes it in one
//! transaction: an import lands whole or not at all.

mod documents;
pub(crate) mod references;

use documents::{join_pages, look_alike_topics, set_furniture_aside};

use crate::dto::{Factor, ImportKind, ImportReport, ImportRequest, UnmappedAnswer};
use crate::files::{read_file, stopped_while_reading, walk_folder};
use crate::saturating_u32;
use crate::{ApiError, ApiResult, ErrorCode, Progress, Project};
use proctor_core::text::{clean_name, visible};
use proctor_core::{Outcome, QuestionId, RunMode, SystemKind};
use proctor_exam::classify::{BloomKeywords, question_type};
use proctor_exam::reading::{AnswerReading, NoAnswer};
use proctor_formats::Limits;
use proctor_formats::answers::read_answers;
use proctor_formats::articles::read_articles;
use proctor_formats::documents::{DOCUMENT_EXTENSIONS, read_documents_keeping};
use proctor_formats::exam::read_exam;
use proctor_store::{NewDocument, NewQuestion, NewResponse};
use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

/// A file to import: the name shown in messages, and where its bytes come from.
#[derive(Debug, Clone)]
pub struct Source {
    /// Name shown in messages (the path as the user gave it).
    pub name: String,
    /// The file's bytes, or where to read them when they are needed (a folder of documents is
    /// read one file at a time, so only one file's bytes are held at once).
    pub bytes: SourceBytes,
    /// For documents: the topic (the sub-folder the file came from).
    pub topic: Option<String>,
}

/// Where a source's bytes are.
#[derive(Debug, Clone)]
pub enum SourceBytes {
    /// In memory: read already, or borrowed from the binary (the sample project).
    Loaded(Cow<'static, [u8]>),
    /// In a file, read when the import reaches it.
    OnDisk(PathBuf),
}

impl Source {
    /// A source held in memory.
    pub fn loaded(
        name: impl Into<String>,
        bytes: Cow<'static, [u8]>,
        topic: Option<String>,
    ) -> Self {
        Self {
            name: name.into(),
            bytes: SourceBytes::Loaded(bytes),
            topic,
        }
    }

    /// The bytes, reading them from disk if need be (checking for Stop on the way).
    pub(crate) fn read(&self, progress: &dyn Progress) -> ApiResult<Cow<'_, [u8]>> {
        match &self.bytes {
            SourceBytes::Loaded(bytes) => Ok(Cow::Borrowed(bytes)),
            SourceBytes::OnDisk(path) => read_file(path, progress).map(Cow::Owned),
        }
    }
}

fn file_stem(name: &str) -> String {
    Path::new(name)
        .file_stem()
        .map_or_else(|| name.to_owned(), |s| s.to_string_lossy().into_owned())
}

/// A name for the project (a system, an exam, a topic, a factor): without the invisible
/// characters that could make it look like another, and not empty.
pub(crate) fn project_name(what: &str, given: &str) -> ApiResult<String> {
    let name = clean_name(given);
    if name.is_empty() {
        return Err(ApiError::new(
            ErrorCode::InvalidInput,
            format!(
                "the {what} name '{}' is empty once invisible characters are removed",
                visible(given)
            ),
        ));
    }
    Ok(name)
}

/// The request's name for the system or exam, else the file's name.
fn name_or_file(what: &str, given: Option<&String>, source: &Source) -> ApiResult<String> {
    project_name(
        what,
        &given.cloned().unwrap_or_else(|| file_stem(&source.name)),
    )
}

/// The request's factor tags with clean names.
fn clean_factors(factors: &[Factor]) -> ApiResult<Vec<Factor>> {
    factors
        .iter()
        .map(|f| {
            Ok(Factor {
                name: project_name("factor", &f.name)?,
                level: project_name("factor level", &f.level)?,
            })
        })
        .collect()
}

/// The documents under a path: the file itself, or every document file below a folder, whose
/// first-level sub-folder names its topic; and what the walk skipped (links out of the folder,
/// devices), to tell the user.
fn document_sources(path: &Path, progress: &dyn Progress) -> ApiResult<(Vec<Source>, Vec<String>)> {
    let is_dir = std::fs::metadata(path)
        .map_err(|e| {
            ApiError::new(
                ErrorCode::NotFound,
                format!("cannot read {}: {e}", path.display()),
            )
        })?
        .is_dir();
    if !is_dir {
        return Ok((
            vec![Source {
                name: path.display().to_string(),
                bytes: SourceBytes::OnDisk(path.to_owned()),
                topic: None,
            }],
            Vec::new(),
        ));
    }
    let wanted = |file: &Path| {
        let ext = file
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or_default();
        DOCUMENT_EXTENSIONS.contains(&ext.to_ascii_lowercase().as_str())
    };
    let walk = walk_folder(path, wanted, progress)?;
    if walk.files.is_empty() {
        return Err(ApiError::new(
            ErrorCode::InvalidInput,
            format!(
                "{} holds no documents (looked for: {})",
                path.display(),
                DOCUMENT_EXTENSIONS.join(", ")
            ),
        ));
    }
    let sources = walk
        .files
        .into_iter()
        .map(|found| Source {
            name: found.path.display().to_string(),
            bytes: SourceBytes::OnDisk(found.path),
            topic: found.topic,
        })
        .collect();
    Ok((sources, walk.skipped))
}

impl Project {
    /// Imports a file (or, for documents, a folder) as the request says.
    pub fn import(
        &mut self,
        request: &ImportRequest,
        progress: &dyn Progress,
    ) -> ApiResult<ImportReport> {
        let path = Path::new(&request.path);
        let (sources, skipped) = if request.kind == ImportKind::Documents {
            document_sources(path, progress)?
        } else {
            let bytes = read_file(path, progress)?;
            (
                vec![Source::loaded(
                    request.path.clone(),
                    Cow::Owned(bytes),
                    None,
                )],
                Vec::new(),
            )
        };
        let mut report = self.import_sources(request, &sources, progress)?;
        if !skipped.is_empty() {
            report.notes.push(format!(
                "{} entries of the folder were left out: {}",
                skipped.len(),
                skipped.join("; ")
            ));
        }
        Ok(report)
    }

    /// Imports already-read files: the core of [`Project::import`], also used for the
    /// embedded sample project.
    pub fn import_sources(
        &mut self,
        request: &ImportRequest,
        sources: &[Source],
        progress: &dyn Progress,
    ) -> ApiResult<ImportReport> {
        let doing = format!("importing {} from {}", request.kind.as_str(), request.path);
        let result = match request.kind {
            ImportKind::Documents => self.import_documents(request, sources, progress),
            ImportKind::Exam => self.import_exam(request, sources, progress),
            ImportKind::Answers => {
                self.import_answers(request, sources, RunMode::Answers, progress)
            }
            ImportKind::ReaderOutcomes => {
                self.import_answers(request, sources, RunMode::Exam, progress)
            }
            ImportKind::GoldOutcomes => {
                self.import_answers(request, sources, RunMode::Gold, progress)
            }
            ImportKind::Articles | ImportKind::GoldArticles => {
                self.import_articles(request, sources, progress)
            }
            ImportKind::Nuggets => self.import_nuggets(request, sources, progress),
            ImportKind::Formulations => self.import_formulations(request, sources, progress),
        };
        result.map_err(|e| {
            if e.code == ErrorCode::InvalidInput {
                e
            } else {
                e.context(doing)
            }
        })
    }

    fn import_documents(
        &mut self,
        request: &ImportRequest,
        sources: &[Source],
        progress: &dyn Progress,
    ) -> ApiResult<ImportReport> {
        progress.start("reading documents", sources.len() as u64);
        let mut documents = Vec::new();
        for source in sources {
            // Reading a folder of PDFs takes a while: stopping here writes nothing.
            if progress.cancelled() {
                progress.finish();
                return Err(stopped_while_reading());
            }
            let bytes = source.read(progress)?;
            for doc in read_documents_keeping(
                &source.name,
                &bytes,
                &Limits::current(),
                request.keep_furniture,
            )? {
                let topic = request
                    .topic
                    .clone()
                    .or(doc.topic)
                    .or_else(|| source.topic.clone())
                    .map(|t| clean_name(&t))
                    .filter(|t| !t.is_empty());
                documents.push(NewDocument {
                    name: project_name("document", &doc.name)
                        .unwrap_or_else(|_| file_stem(&source.name)),
                    source_path: Some(source.name.clone()),
                    format: doc.format.to_owned(),
                    topic,
                    text: doc.text,
                    set_aside: doc.navigation_lines,
                });
            }
            progress.advance(1);
        }
        progress.finish();
        let mut notes = Vec::new();
        let navigation: usize = documents.iter().map(|d| d.set_aside).sum();
        if navigation > 0 {
            let pages = documents.iter().filter(|d| d.set_aside > 0).count();
            notes.push(format!(
                "navigation left out: {navigation} lines of menus, breadcrumbs and “on this page” \
                 lists from {pages} HTML pages — import again with “keep navigation and repeated \
                 lines” to keep them"
            ));
        }
        notes.extend(join_pages(&mut documents, !request.keep_furniture));
        if !request.keep_furniture {
            notes.extend(set_furniture_aside(&mut documents));
        }
        progress.start("storing documents", documents.len() as u64);
        let tx = self.store.transaction()?;
        let mut added = 0;
        for doc in &documents {
            if tx.insert_document(doc)?.is_some() {
                added += 1;
            }
            progress.advance(1);
        }
        let skipped = documents.len() - added;
        if skipped > 0 {
            notes.push(format!(
                "{skipped} documents were already in the project and were skipped"
            ));
        }
        notes.extend(look_alike_topics(&tx, &documents)?);
        let report = finish(
            tx,
            request,
            (documents.len(), added, skipped),
            notes,
            Vec::new(),
        )?;
        progress.finish();
        Ok(report)
    }

    fn import_exam(
        &mut self,
        request: &ImportRequest,
        sources: &[Source],
        progress: &dyn Progress,
    ) -> ApiResult<ImportReport> {
        let source = single(sources)?;
        let exam = read_exam(&source.name, &source.read(progress)?)?;
        let keywords = BloomKeywords::from_pairs(self.store.bloom_keywords()?);
        let questions: Vec<NewQuestion> = exam
            .questions
            .into_iter()
            .map(|question| NewQuestion {
                bloom_auto: keywords.classify(&question.stem),
                question_type_auto: question_type(&question.stem),
                question,
            })
            .collect();
        let name = name_or_file("exam", request.exam.as_ref(), source)?;
        if self.store.latest_version_of(&name)?.is_some() {
            return Err(ApiError::new(
                ErrorCode::Conflict,
                format!("the project already has an exam named '{name}'; choose another name"),
            ));
        }
        let mut notes = vec![format!("read as {}", exam.format)];
        if exam.generated_ids {
            notes.push(
                "the file has no id column: questions are numbered q1, q2, … in file order"
                    .to_owned(),
            );
        }
        progress.start("storing questions", questions.len() as u64);
        let tx = self.store.transaction()?;
        let (_, version) = tx.create_exam(&name)?;
        tx.insert_questions(version, &questions, |_| progress.advance(1))?;
        let report = finish(
            tx,
            request,
            (questions.len(), questions.len(), 0),
            notes,
            Vec::new(),
        )?;
        progress.finish();
        Ok(report)
    }

    fn import_answers(
        &mut self,
        request: &ImportRequest,
        sources: &[Source],
        mode: RunMode,
        progress: &dyn Progress,
    ) -> ApiResult<ImportReport> {
        if request.open && mode != RunMode::Answers {
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                "open answers are a system's own answers: import them as answers",
            ));
        }
        if request.open && request.reply_model.is_some() {
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                "open answers are read by the reader, not the reply reader: leave the reply model out",
            ));
        }
        let source = single(sources)?;
        let rows = read_answers(&source.name, &source.read(progress)?)?;
        // Loaded before anything is read, so that a model that cannot read replies changes
        // nothing.
        let reply_reader = crate::reply_model::ReplyReader::load(request.reply_model.as_deref())?;
        let version = self.exam_version(request.exam.as_deref())?;
        let questions = self.store.questions(version.id)?;
        let by_id: HashMap<&str, &proctor_store::QuestionRow> = questions
            .iter()
            .map(|q| (q.external_id.as_str(), q))
            .collect();
        let mut responses = Vec::with_capacity(questions.len());
        let mut unmapped = Vec::new();
        let mut abstained = 0usize;
        let mut answered: HashSet<QuestionId> = HashSet::new();
        progress.start("reading the replies", rows.len() as u64);
        for row in &rows {
            // A reply reader may take seconds on a reply: the import can be stopped here,
            // before anything is stored.
            if progress.cancelled() {
                return Err(ApiError::new(
                    ErrorCode::Cancelled,
                    "the import was stopped while reading the replies; nothing was stored",
                ));
            }
            progress.advance(1);
            let question = by_id.get(row.question_id.as_str()).ok_or_else(|| {
                ApiError::new(
                    ErrorCode::InvalidInput,
                    format!(
                        "{}:{}: there is no question '{}' in exam '{}' (version {})",
                        source.name,
                        row.location,
                        row.question_id,
                        version.exam_name,
                        version.version
                    ),
                )
            })?;
            answered.insert(question.id);
            let reading = if row.error.is_some() || request.open {
                // An open answer waits, unread, for the reader that grades the sitting.
                None
            } else {
                let raw = row.answer.as_deref().unwrap_or_default();
                let reading = reply_reader.read(raw, &question.choices);
                abstained += usize::from(matches!(
                    reading,
                    AnswerReading::NoAnswer {
                        why: NoAnswer::Abstains
                            | NoAnswer::CutOff
                            | NoAnswer::EveryChoice
                            | NoAnswer::AsksBack
                    }
                ));
                if let Some(reason) = unmapped_reason(&reading) {
                    unmapped.push(UnmappedAnswer {
                        question_id: row.question_id.clone(),
                        location: row.location.describe(),
                        answer: raw.to_owned(),
                        reason,
                    });
                }
                Some(reading)
            };
            responses.push(NewResponse {
                question: question.id,
                outcome: match (&reading, &row.error) {
                    (Some(reading), _) => reading.outcome(),
                    (None, Some(_)) => Outcome::Error,
                    (None, None) => Outcome::Unanswered,
                },
                raw_text: row.answer.clone(),
                evidence: row.evidence.clone(),
                latency_ms: row.latency_ms,
                error: row.error.clone(),
                reading,
            });
        }
        let system_name = match mode {
            RunMode::Gold => None,
            RunMode::Answers | RunMode::Exam => {
                Some(name_or_file("system", request.system.as_ref(), source)?)
            }
        };
        let factors = clean_factors(&request.factors)?;
        let kind = if mode == RunMode::Exam {
            SystemKind::Articles
        } else {
            SystemKind::Answers
        };
        let mut notes = Vec::new();
        progress.finish();
        progress.start("storing answers", responses.len() as u64);
        let tx = self.store.transaction()?;
        // Systems sit frozen versions: the first sitting freezes a draft, carrying over the
        // sittings of the version before with their answers to unchanged questions.
        let (carried, _) = tx.freeze_carrying(version.id)?;
        if carried > 0 {
            notes.push(format!(
                "version {} was frozen; {carried} answers to unchanged questions carried over from the version before",
                version.version
            ));
        }
        let system = system_name
            .as_deref()
            .map(|name| tx.system_id(name, kind))
            .transpose()?;
        if let Some(system) = system {
            for factor in &factors {
                tx.set_factor(system, &factor.name, &factor.level)?;
            }
        }
        let sitting = tx.sitting(system, mode, version.id)?;
        let (run, kept) = match sitting {
            Some(_) if request.replace => {
                let replaced = tx.delete_run(system, mode, version.id)?;
                if replaced > 0 {
                    notes.push(format!("replaced {replaced} earlier responses"));
                }
                (
                    tx.create_run(system, mode, version.id, &request.path)?,
                    HashSet::new(),
                )
            }
            // A sitting carried over from the version before still lacks the changed
            // questions: the file completes it.
            Some((run, answered)) if answered.len() < questions.len() => (run, answered),
            Some(_) => {
                return Err(ApiError::new(
                    ErrorCode::Conflict,
                    format!(
                        "{} already has {} on exam '{}' version {}; import again with replace to overwrite them",
                        system_name.as_deref().unwrap_or("the gold articles"),
                        if mode == RunMode::Answers {
                            "answers"
                        } else {
                            "reader outcomes"
                        },
                        version.exam_name,
                        version.version
                    ),
                ));
            }
            None => (
                tx.create_run(system, mode, version.id, &request.path)?,
                HashSet::new(),
            ),
        };
        let before = responses.len();
        responses.retain(|r| !kept.contains(&r.question));
        if before > responses.len() {
            notes.push(format!(
                "{} answers were kept from the earlier sitting (questions that did not change); the file's answers to them were not used — import with replace to use them",
                before - responses.len()
            ));
        }
        let missing: Vec<&proctor_store::QuestionRow> = questions
            .iter()
            .filter(|q| !answered.contains(&q.id) && !kept.contains(&q.id))
            .collect();
        for q in &missing {
            responses.push(NewResponse::new(q.id, Outcome::Unanswered, None));
        }
        if !missing.is_empty() {
            notes.push(format!(
                "{} questions have no answer in the file and were recorded as unanswered",
                missing.len()
            ));
        }
        if abstained > 0 {
            notes.push(format!(
                "{abstained} replies give no answer (\"I don't know\", nothing in the documents, a \
                 refusal, every option at once, a question asked back, a reply cut off before its answer) and were \
                 recorded as unanswered"
            ));
        }
        notes.extend(reply_reader.notes(reply_reader.take()));
        if !unmapped.is_empty() {
            notes.push(format!(
                "{} replies could not be read as one choice: they need a look (listed below; \
                 read them by hand on the answer sheet) and count as not right until then",
                unmapped.len()
            ));
        }
        let errors = responses
            .iter()
            .filter(|r| r.outcome == Outcome::Error)
            .count();
        if errors > 0 {
            notes.push(format!(
                "{errors} answers are errors reported by the system; they are not graded"
            ));
        }
        for batch in responses.chunks(500) {
            tx.insert_responses(run, batch)?;
            progress.advance(batch.len() as u64);
        }
        tx.finish_run(run)?;
        let mut report = finish(
            tx,
            request,
            (rows.len(), responses.len(), 0),
            notes,
            unmapped,
        )?;
        progress.finish();
        // Open answers: the reader answers each question from the free answer, and the
        // sitting records it with the reader's ceiling.
        if request.open {
            let grade = self.grade_open(
                run,
                &questions
                    .iter()
                    .filter(|q| q.active)
                    .cloned()
                    .collect::<Vec<_>>(),
                &crate::open_answers::grading_or_default(None),
                progress,
            )?;
            report
                .notes
                .push(format!("Open answers: {}.", grade.sentence()));
        }
        Ok(report)
    }

    fn import_articles(
        &mut self,
        request: &ImportRequest,
        sources: &[Source],
        progress: &dyn Progress,
    ) -> ApiResult<ImportReport> {
        let source = single(sources)?;
        let rows = read_articles(&source.name, &source.read(progress)?)?;
        let tx = self.store.transaction()?;
        if request.kind == ImportKind::GoldArticles {
            for row in &rows {
                tx.upsert_gold_article(&row.query, &row.text)?;
            }
        } else {
            let name = name_or_file("system", request.system.as_ref(), source)?;
            let system = tx.system_id(&name, SystemKind::Articles)?;
            for factor in &clean_factors(&request.factors)? {
                tx.set_factor(system, &factor.name, &factor.level)?;
            }
            for row in &rows {
                tx.upsert_article(system, &row.query, &row.text)?;
            }
        }
        let empty = rows.iter().filter(|r| r.text.trim().is_empty()).count();
        let notes = if empty > 0 {
            vec![format!("{empty} articles are empty; their queries score 0")]
        } else {
            Vec::new()
        };
        finish(tx, request, (rows.len(), rows.len(), 0), notes, Vec::new())
    }
}

/// Logs what the import did and commits it: the last step of every import.
pub(crate) fn finish(
    tx: proctor_store::Tx<'_>,
    request: &ImportRequest,
    counts: (usize, usize, usize),
    notes: Vec<String>,
    unmapped: Vec<UnmappedAnswer>,
) -> ApiResult<ImportReport> {
    let (rows, added, skipped) = counts;
    let report = ImportReport {
        kind: request.kind,
        source: request.path.clone(),
        rows: saturating_u32(rows),
        added: saturating_u32(added),
        skipped: saturating_u32(skipped),
        notes,
        unmapped,
    };
    let json = serde_json::to_value(&report).unwrap_or(serde_json::Value::Null);
    tx.log_import(request.kind.as_str(), &request.path, added, &json)?;
    tx.commit()?;
    Ok(report)
}

pub(crate) fn single(sources: &[Source]) -> ApiResult<&Source> {
    match sources {
        [one] => Ok(one),
        _ => Err(ApiError::new(
            ErrorCode::InvalidInput,
            "this import reads exactly one file",
        )),
    }
}

/// Why a reply could not be read as a choice (it needs a look), or None when it was read — as
/// a choice, or as no answer ("I don't know", empty).
fn unmapped_reason(reading: &AnswerReading) -> Option<String> {
    reading.needs_a_look().then(|| reading.describe())
}
