//! Import use cases. Each reads and checks the whole input first, then writes it in one
//! transaction: an import lands whole or not at all.

use crate::dto::{ImportKind, ImportReport, ImportRequest, UnmappedAnswer};
use crate::{ApiError, ApiResult, ErrorCode, Progress, Project};
use proctor_core::{Outcome, QuestionId, RunMode, SystemKind};
use proctor_exam::classify::{BloomKeywords, question_type};
use proctor_exam::mapping::{Mapped, map_answer};
use proctor_formats::answers::read_answers;
use proctor_formats::articles::read_articles;
use proctor_formats::documents::{DOCUMENT_EXTENSIONS, read_documents};
use proctor_formats::exam::read_exam;
use proctor_store::{NewDocument, NewQuestion, NewResponse};
use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

/// A file to import: the name shown in messages, and its bytes.
#[derive(Debug, Clone)]
pub struct Source {
    /// Name shown in messages (the path as the user gave it).
    pub name: String,
    /// The file's bytes: read from disk, or borrowed from the binary (the sample project).
    pub bytes: Cow<'static, [u8]>,
    /// For documents: the topic (the sub-folder the file came from).
    pub topic: Option<String>,
}

fn n(v: usize) -> u32 {
    u32::try_from(v).unwrap_or(u32::MAX)
}

fn file_stem(name: &str) -> String {
    Path::new(name)
        .file_stem()
        .map_or_else(|| name.to_owned(), |s| s.to_string_lossy().into_owned())
}

fn read_file(path: &Path) -> ApiResult<Vec<u8>> {
    std::fs::read(path).map_err(|e| {
        let code = if e.kind() == std::io::ErrorKind::NotFound {
            ErrorCode::NotFound
        } else {
            ErrorCode::InvalidInput
        };
        ApiError::new(code, format!("cannot read {}: {e}", path.display()))
    })
}

/// The documents under a path: the file itself, or every document file below a folder, whose
/// first-level sub-folder names its topic.
fn document_sources(path: &Path) -> ApiResult<Vec<Source>> {
    if !path.is_dir() {
        return Ok(vec![Source {
            name: path.display().to_string(),
            bytes: Cow::Owned(read_file(path)?),
            topic: None,
        }]);
    }
    let mut files = Vec::new();
    collect_files(path, &mut files)?;
    files.sort();
    let sources: Vec<Source> = files
        .into_iter()
        .filter(|f| {
            let ext = f.extension().and_then(|e| e.to_str()).unwrap_or_default();
            DOCUMENT_EXTENSIONS.contains(&ext.to_ascii_lowercase().as_str())
        })
        .map(|file| {
            let relative = file.strip_prefix(path).unwrap_or(&file);
            let topic = (relative.components().count() > 1)
                .then(|| relative.components().next())
                .flatten()
                .map(|c| c.as_os_str().to_string_lossy().into_owned());
            Ok(Source {
                name: file.display().to_string(),
                bytes: Cow::Owned(read_file(&file)?),
                topic,
            })
        })
        .collect::<ApiResult<_>>()?;
    if sources.is_empty() {
        return Err(ApiError::new(
            ErrorCode::InvalidInput,
            format!(
                "{} holds no documents (looked for: {})",
                path.display(),
                DOCUMENT_EXTENSIONS.join(", ")
            ),
        ));
    }
    Ok(sources)
}

fn collect_files(dir: &Path, out: &mut Vec<PathBuf>) -> ApiResult<()> {
    let entries = std::fs::read_dir(dir).map_err(|e| {
        ApiError::new(
            ErrorCode::InvalidInput,
            format!("cannot list {}: {e}", dir.display()),
        )
    })?;
    for entry in entries {
        let path = entry
            .map_err(|e| ApiError::new(ErrorCode::InvalidInput, e.to_string()))?
            .path();
        let hidden = path
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with('.'));
        if hidden {
            continue;
        }
        if path.is_dir() {
            collect_files(&path, out)?;
        } else {
            out.push(path);
        }
    }
    Ok(())
}

impl Project {
    /// Imports a file (or, for documents, a folder) as the request says.
    pub fn import(
        &mut self,
        request: &ImportRequest,
        progress: &dyn Progress,
    ) -> ApiResult<ImportReport> {
        let path = Path::new(&request.path);
        let sources = if request.kind == ImportKind::Documents {
            document_sources(path)?
        } else {
            vec![Source {
                name: request.path.clone(),
                bytes: Cow::Owned(read_file(path)?),
                topic: None,
            }]
        };
        self.import_sources(request, &sources, progress)
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
                self.import_articles(request, sources)
            }
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
                return Err(ApiError::new(
                    ErrorCode::Cancelled,
                    "the import stopped before anything was written; nothing was imported",
                ));
            }
            for doc in read_documents(&source.name, &source.bytes)? {
                documents.push(NewDocument {
                    name: doc.name,
                    source_path: Some(source.name.clone()),
                    format: doc.format.to_owned(),
                    topic: request
                        .topic
                        .clone()
                        .or(doc.topic)
                        .or_else(|| source.topic.clone()),
                    text: doc.text,
                });
            }
            progress.advance(1);
        }
        progress.finish();
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
        let mut notes = Vec::new();
        if skipped > 0 {
            notes.push(format!(
                "{skipped} documents were already in the project and were skipped"
            ));
        }
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
        let exam = read_exam(&source.name, &source.bytes)?;
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
        let name = request
            .exam
            .clone()
            .unwrap_or_else(|| file_stem(&source.name));
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
        let source = single(sources)?;
        let rows = read_answers(&source.name, &source.bytes)?;
        let version = self.exam_version(request.exam.as_deref())?;
        let questions = self.store.questions(version.id)?;
        let by_id: HashMap<&str, &proctor_store::QuestionRow> = questions
            .iter()
            .map(|q| (q.external_id.as_str(), q))
            .collect();
        let mut responses = Vec::with_capacity(questions.len());
        let mut unmapped = Vec::new();
        let mut answered: HashSet<QuestionId> = HashSet::new();
        for row in &rows {
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
            let outcome = if row.error.is_some() {
                Outcome::Error
            } else {
                let raw = row.answer.as_deref().unwrap_or_default();
                let mapped = map_answer(raw, &question.choices);
                if let Some(reason) = unmapped_reason(mapped) {
                    unmapped.push(UnmappedAnswer {
                        question_id: row.question_id.clone(),
                        location: row.location.describe(),
                        answer: raw.to_owned(),
                        reason: reason.to_owned(),
                    });
                }
                mapped.choice().map_or(Outcome::Unanswered, Outcome::Chosen)
            };
            responses.push(NewResponse {
                question: question.id,
                outcome,
                raw_text: row.answer.clone(),
                evidence: row.evidence.clone(),
                latency_ms: row.latency_ms,
                error: row.error.clone(),
            });
        }
        let missing: Vec<&proctor_store::QuestionRow> = questions
            .iter()
            .filter(|q| !answered.contains(&q.id))
            .collect();
        for q in &missing {
            responses.push(NewResponse::new(q.id, Outcome::Unanswered, None));
        }
        let mut notes = Vec::new();
        if !missing.is_empty() {
            notes.push(format!(
                "{} questions have no answer in the file and were recorded as unanswered",
                missing.len()
            ));
        }
        if !unmapped.is_empty() {
            notes.push(format!(
                "{} answers matched no choice and were recorded as unanswered (listed below)",
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

        let system_name = match mode {
            RunMode::Gold => None,
            RunMode::Answers | RunMode::Exam => Some(
                request
                    .system
                    .clone()
                    .unwrap_or_else(|| file_stem(&source.name)),
            ),
        };
        let kind = if mode == RunMode::Exam {
            SystemKind::Articles
        } else {
            SystemKind::Answers
        };
        if !request.replace {
            self.refuse_second_run(system_name.as_deref(), mode, &version)?;
        }
        progress.start("storing answers", responses.len() as u64);
        let tx = self.store.transaction()?;
        let system = system_name
            .as_deref()
            .map(|name| tx.system_id(name, kind))
            .transpose()?;
        if let Some(system) = system {
            for factor in &request.factors {
                tx.set_factor(system, &factor.name, &factor.level)?;
            }
        }
        let replaced = if request.replace {
            tx.delete_run(system, mode, version.id)?
        } else {
            0
        };
        if replaced > 0 {
            notes.push(format!("replaced {replaced} earlier responses"));
        }
        tx.freeze(version.id)?;
        let run = tx.create_run(system, mode, version.id, &request.path)?;
        for batch in responses.chunks(500) {
            tx.insert_responses(run, batch)?;
            progress.advance(batch.len() as u64);
        }
        tx.finish_run(run)?;
        let report = finish(
            tx,
            request,
            (rows.len(), responses.len(), 0),
            notes,
            unmapped,
        )?;
        progress.finish();
        Ok(report)
    }

    /// A system sits an exam version once per mode; a second import must say `replace`.
    fn refuse_second_run(
        &self,
        system_name: Option<&str>,
        mode: RunMode,
        version: &proctor_store::ExamVersionRow,
    ) -> ApiResult<()> {
        let systems = self.store.systems()?;
        let system = system_name.and_then(|name| systems.iter().find(|s| s.name == name));
        if system_name.is_some() && system.is_none() {
            return Ok(());
        }
        let taken = self
            .store
            .runs(version.id)?
            .iter()
            .any(|run| run.mode == mode && run.system == system.map(|s| s.id));
        if taken {
            return Err(ApiError::new(
                ErrorCode::Conflict,
                format!(
                    "{} already has {} on exam '{}' version {}; import again with replace to overwrite them",
                    system_name.unwrap_or("the gold articles"),
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
        Ok(())
    }

    fn import_articles(
        &mut self,
        request: &ImportRequest,
        sources: &[Source],
    ) -> ApiResult<ImportReport> {
        let source = single(sources)?;
        let rows = read_articles(&source.name, &source.bytes)?;
        let tx = self.store.transaction()?;
        if request.kind == ImportKind::GoldArticles {
            for row in &rows {
                tx.upsert_gold_article(&row.query, &row.text)?;
            }
        } else {
            let name = request
                .system
                .clone()
                .unwrap_or_else(|| file_stem(&source.name));
            let system = tx.system_id(&name, SystemKind::Articles)?;
            for factor in &request.factors {
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
fn finish(
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
        rows: n(rows),
        added: n(added),
        skipped: n(skipped),
        notes,
        unmapped,
    };
    let json = serde_json::to_value(&report).unwrap_or(serde_json::Value::Null);
    tx.log_import(request.kind.as_str(), &request.path, added, &json)?;
    tx.commit()?;
    Ok(report)
}

fn single(sources: &[Source]) -> ApiResult<&Source> {
    match sources {
        [one] => Ok(one),
        _ => Err(ApiError::new(
            ErrorCode::InvalidInput,
            "this import reads exactly one file",
        )),
    }
}

fn unmapped_reason(mapped: Mapped) -> Option<&'static str> {
    match mapped {
        Mapped::Letter(_) | Mapped::ExactText(_) | Mapped::ContainedText(_) | Mapped::Empty => None,
        Mapped::LetterOutOfRange => Some("the letter is past the last choice"),
        Mapped::Ambiguous => Some("the text names several choices"),
        Mapped::NoMatch => Some("the text matches no choice"),
    }
}
