//! Generating an exam from the corpus (METHODS.md §5): a job that writes questions in batches,
//! each batch in its own transaction (stopped, it keeps them; started again with the same
//! settings, it resumes without writing a target twice), then runs the filters over every
//! generated question of the exam and records their findings.

mod lookup;
pub(crate) mod quality;
pub(crate) mod reading;
pub(crate) mod review;
mod shares;

use crate::dto::{GenerateRequest, GenerationReport, GeneratorKind};
use crate::ingest::{models_folder, text_hash};
use crate::saturating_u32;
use crate::{ApiError, ApiResult, ErrorCode, Progress, Project};
use proctor_core::{BloomLevel, CachedEmbedder, Embedder, TextWriter, Writing};
use proctor_exam::classify::BloomKeywords;
use proctor_exam::generate::SourceChunk;
use proctor_exam::generate::filters::{self, Candidate, Check, Flag, Measures};
use proctor_exam::generate::offline::{OfflineGenerator, Target};
use proctor_exam::generate::parse::{Draft, Unparsed};
use proctor_exam::generate::stem::{Form, fills_a_blank};
use proctor_exam::generate::{llm, plan};
use proctor_models::EmbedderOptions;
use proctor_store::{CandidateRow, ExamVersionRow, NewCandidate, NewGeneration};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The exam generated questions go to when none is on view or named.
pub(crate) const DEFAULT_EXAM: &str = "Generated exam";

/// The filters' flags stored with a generated question.
pub(crate) fn flags_of(row: &CandidateRow) -> Vec<Flag> {
    serde_json::from_str(&row.flags).unwrap_or_default()
}

/// A generated question's Bloom levels (METHODS.md §4.1). The offline generator asks only for a
/// fact its source sentence states — a name, a number, a file, a phrase (its questions carry the
/// kind of that fact) — so its questions are Remembering by their form, whatever verbs describe
/// the fact ("what provides many tools to analyze a filesystem?" asks to recall a name, not to
/// analyse). Questions a language model wrote are classified from their stem.
pub(crate) fn bloom_of(
    row: &CandidateRow,
    stem: &str,
    keywords: &BloomKeywords,
) -> Vec<BloomLevel> {
    if row.kind.is_some() {
        vec![BloomLevel::Remembering]
    } else {
        keywords.classify(stem)
    }
}

/// The filters' measures stored with a generated question (None before the first check).
pub(crate) fn measures_of(row: &CandidateRow) -> Option<Measures> {
    row.measures
        .as_deref()
        .and_then(|m| serde_json::from_str(m).ok())
}

/// The settings stored with a generation: starting one with the same settings resumes it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct Settings {
    pub count: u32,
    pub per_topic: bool,
    pub share: f64,
    #[serde(default)]
    pub model: Option<String>,
}

/// Local models below this many parameters are refused as question writers unless the user
/// insists: at 270 million and 0.5 billion they wrote no usable question in five tries.
const MIN_WRITER_PARAMETERS: u64 = 1_000_000_000;

/// A candidate to store from what a generator wrote.
fn candidate(
    key: &str,
    chunk: i64,
    source: &str,
    highlight: Option<(usize, usize)>,
    raw: Option<String>,
    draft: Result<Draft, Unparsed>,
    kind: Option<String>,
) -> ApiResult<NewCandidate> {
    let (question, parse_error) = match draft {
        Ok(d) => (Some((d.stem, d.choices, d.key)), None),
        Err(e) => (
            None,
            Some(serde_json::to_string(&e).map_err(ApiError::internal)?),
        ),
    };
    Ok(NewCandidate {
        target: key.to_owned(),
        chunk: Some(chunk),
        source_text: source.to_owned(),
        highlight: highlight.map(|(a, b)| format!("[{a},{b}]")),
        raw,
        question,
        kind,
        parse_error,
    })
}

fn text_hash_u64(text: &str) -> u64 {
    proctor_exam::generate::parse::text_hash(text)
}

/// One reply per passage, by as many threads as the writer takes at once, in order; a request
/// that fails is its error in words.
fn write_batch(writer: &dyn TextWriter, passages: &[&str]) -> Vec<Result<Writing, String>> {
    let ask = |passage: &str| {
        writer
            .write(&llm::prompt(passage), llm::GRAMMAR, llm::MAX_TOKENS)
            .map_err(|e| e.0)
    };
    if passages.len() <= 1 {
        return passages.iter().map(|p| ask(p)).collect();
    }
    std::thread::scope(|scope| {
        let handles: Vec<_> = passages
            .iter()
            .map(|p| scope.spawn(move || ask(p)))
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err("the request's thread failed".to_owned()))
            })
            .collect()
    })
}

impl Project {
    /// The exam a generation writes for: the named one (created when new), else the one on
    /// view, else a new exam.
    pub(crate) fn generation_exam(&mut self, name: Option<&str>) -> ApiResult<ExamVersionRow> {
        let name = match name.map(str::trim).filter(|n| !n.is_empty()) {
            Some(name) => crate::imports::project_name("exam", name)?,
            None => match self.exam_version(None) {
                Ok(row) => return Ok(row),
                Err(_) => DEFAULT_EXAM.to_owned(),
            },
        };
        if let Some(row) = self.store.latest_version_of(&name)? {
            return Ok(row);
        }
        let tx = self.store.transaction()?;
        let (_, version) = tx.create_exam(&name)?;
        tx.commit()?;
        self.on_view = Some(version);
        self.store
            .version(version)?
            .ok_or_else(|| ApiError::internal("the new exam vanished"))
    }

    /// Writes questions for an exam and checks them (a job).
    pub fn generate(
        &mut self,
        request: &GenerateRequest,
        progress: &dyn Progress,
    ) -> ApiResult<GenerationReport> {
        if request.count == 0 {
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                "ask for at least one question",
            ));
        }
        let share = request.share.unwrap_or(filters::DEFAULT_SHARE);
        if !(0.0..0.5).contains(&share) {
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                format!("each filter may set aside from 0 to 50% of the questions, not {share}"),
            ));
        }
        if let Some(aim) = request.max_lookup
            && !(0.0..=1.0).contains(&aim)
        {
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                format!(
                    "the aimed share of keyword lookups is from 0 to 1 (0% to 100%), not {aim}"
                ),
            ));
        }
        let rows = self.store.chunks()?;
        if rows.is_empty() {
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                "the corpus is not prepared yet: prepare it on the Documents page (or `proctor ingest`) first",
            ));
        }
        let exam = self.generation_exam(request.exam.as_deref())?;
        let seed = request.seed.unwrap_or(1);
        let folder = models_folder(request.models.as_deref())?;
        // The language model, when one writes: refused when too small to write questions.
        let writer = match request.generator {
            GeneratorKind::Offline => None,
            GeneratorKind::LanguageModel => {
                progress.start("Loading the language model", 0);
                let (writer, hash) = folder.writer_named(request.model.as_deref(), 0)?;
                progress.finish();
                if let Some(parameters) = writer.parameters()
                    && parameters < MIN_WRITER_PARAMETERS
                    && !request.allow_small
                {
                    return Err(ApiError::new(
                        ErrorCode::InvalidInput,
                        format!(
                            "{} has {:.0} million parameters: too small to write exam questions (models of this size repeat their choices and copy the passage). Use a model of at least 1.5 billion parameters or an endpoint, or the offline generator — or try it anyway",
                            writer.name(),
                            parameters as f64 / 1e6
                        ),
                    ));
                }
                Some((writer, hash))
            }
        };
        let settings = Settings {
            count: request.count,
            per_topic: request.per_topic,
            share,
            model: writer.as_ref().map(|(w, _)| w.name().to_owned()),
        };
        let settings_json = serde_json::to_string(&settings).map_err(ApiError::internal)?;
        // An unfinished generation with the same settings resumes.
        let resumable = self
            .store
            .generations(exam.exam)?
            .into_iter()
            .rev()
            .find(|g| {
                g.finished_at.is_none()
                    && g.generator == request.generator.as_str()
                    && g.seed == i64::from(seed)
                    && g.settings == settings_json
            });
        let generation = if let Some(g) = resumable {
            g.id
        } else {
            let tx = self.store.transaction()?;
            let id = tx.create_generation(&NewGeneration {
                exam: exam.exam,
                generator: request.generator.as_str(),
                model: writer.as_ref().map(|(w, _)| w.name()),
                model_hash: writer.as_ref().map(|(_, h)| h.as_str()),
                prompt: writer.as_ref().map(|_| llm::INSTRUCTIONS),
                seed: i64::from(seed),
                settings: &settings_json,
            })?;
            tx.commit()?;
            id
        };
        let written_before = self.store.targets_written(generation)?;
        let written_for_exam = self
            .store
            .targets_written_for(exam.exam, request.generator.as_str())?;

        progress.start("Reading the corpus", 0);
        let options = EmbedderOptions {
            int8: request.int8,
            ..EmbedderOptions::default()
        };
        let model = proctor_models::embedder_name(&options);
        let onnx = folder.embedder(&options)?;
        let embedder = CachedEmbedder::new(&onnx);
        // The chunks' vectors are in the project since the corpus was prepared.
        let hashes: Vec<String> = rows.iter().map(|c| text_hash(&c.text)).collect();
        let refs: Vec<&str> = hashes.iter().map(String::as_str).collect();
        let cached = self.store.embeddings(&model, &refs)?;
        embedder.preload(
            rows.iter()
                .zip(&hashes)
                .filter_map(|(c, h)| cached.get(h).map(|v| (c.text.clone(), v.clone()))),
        );
        let chunks: Vec<SourceChunk<'_>> = rows
            .iter()
            .map(|c| SourceChunk {
                id: c.id.0,
                document: c.document.0,
                topic: c.topic.as_deref(),
                text: &c.text,
            })
            .collect();
        let chunk_of: BTreeMap<i64, &SourceChunk<'_>> = chunks.iter().map(|c| (c.id, c)).collect();
        let offline = writer
            .is_none()
            .then(|| OfflineGenerator::new(&chunks, &embedder, u64::from(seed)));
        // What to ask for, in order: the offline generator's sentences, or the chunks in turn.
        let plan: Vec<(String, Option<String>, Option<Target>, i64)> = match &offline {
            Some(generator) => generator
                .plan(request.per_topic)
                .into_iter()
                .map(|t| (t.key(), t.topic.clone(), Some(t.clone()), t.chunk))
                .collect(),
            None => plan::chunks_in_turn(&chunks, u64::from(seed), request.per_topic)
                .into_iter()
                .map(|id| {
                    let topic = chunk_of.get(&id).and_then(|c| c.topic).map(str::to_owned);
                    (format!("chunk:{id}"), topic, None, id)
                })
                .collect(),
        };
        progress.finish();

        let topics = plan
            .iter()
            .map(|t| t.1.clone())
            .collect::<std::collections::BTreeSet<_>>()
            .len()
            .max(1);
        let wanted = if request.per_topic {
            request.count as usize * topics
        } else {
            request.count as usize
        };
        let width = writer.as_ref().map_or(1, |(w, _)| w.concurrency().max(1));
        let mut per_topic: BTreeMap<Option<String>, usize> = BTreeMap::new();
        let mut made = 0usize;
        let mut skipped = 0usize;
        let mut written = 0usize;
        // Fill-the-blank questions copy their sentence: at most a fifth of the questions asked
        // for are written, and at most a fifth of those that pass are kept (METHODS §5).
        let (mut blanks, mut held_back_blanks) = (0usize, 0usize);
        let blank_quota = wanted / 5;
        progress.start("Writing questions", wanted as u64);
        let mut at = 0;
        while made < wanted && at < plan.len() {
            // The next few targets not written yet (as many as the writer takes at once).
            let mut batch = Vec::new();
            while batch.len() < width && made + batch.len() < wanted && at < plan.len() {
                let (key, topic, target, _) = &plan[at];
                at += 1;
                let count = per_topic.get(topic).copied().unwrap_or(0);
                if request.per_topic && count >= request.count as usize {
                    continue;
                }
                if written_before.contains(key) {
                    made += 1;
                    *per_topic.entry(topic.clone()).or_default() += 1;
                    // (A blank written before the stop counts against the quota: resumed, the
                    // exam is the one written at once.)
                    if let (Some(generator), Some(target)) = (&offline, target)
                        && generator.form(target) == Some(Form::Blank)
                    {
                        blanks += 1;
                    }
                    continue;
                }
                // Written by an earlier generation of this exam: asking again would repeat it.
                if written_for_exam.contains(key) {
                    continue;
                }
                batch.push(&plan[at - 1]);
            }
            if batch.is_empty() {
                continue;
            }
            if progress.cancelled() {
                return Err(ApiError::new(
                    ErrorCode::Cancelled,
                    format!(
                        "generation stopped after {written} new questions; they are kept, and generating again with the same settings resumes"
                    ),
                ));
            }
            let mut new = Vec::with_capacity(batch.len());
            match (&offline, &writer) {
                (Some(generator), _) => {
                    for (key, _, target, chunk) in &batch {
                        let Some(target) = target else { continue };
                        let Ok(question) = generator.write(target).map_err(ApiError::internal)?
                        else {
                            skipped += 1;
                            continue;
                        };
                        if question.form == Form::Blank {
                            if blanks >= blank_quota {
                                held_back_blanks += 1;
                                continue;
                            }
                            blanks += 1;
                        }
                        new.push(candidate(
                            key,
                            *chunk,
                            chunk_of.get(chunk).map_or("", |c| c.text),
                            Some(target.sentence),
                            None,
                            question.draft,
                            Some(
                                serde_json::to_string(&question.kind)
                                    .map_err(ApiError::internal)?,
                            ),
                        )?);
                    }
                }
                (None, Some((writer, _))) => {
                    let passages: Vec<&str> = batch
                        .iter()
                        .map(|(_, _, _, chunk)| chunk_of.get(chunk).map_or("", |c| c.text))
                        .collect();
                    for ((key, _, _, chunk), reply) in
                        batch.iter().zip(write_batch(writer.as_ref(), &passages))
                    {
                        let text = chunk_of.get(chunk).map_or("", |c| c.text);
                        let (raw, draft) = match reply {
                            Ok(w) => {
                                let draft = llm::read_reply(&w.text, w.truncated, w.refused);
                                (Some(w.text), draft)
                            }
                            Err(e) => (None, Err(Unparsed::NoReply(e))),
                        };
                        let draft = draft.map(|d| d.shuffled(u64::from(seed) ^ text_hash_u64(key)));
                        new.push(candidate(key, *chunk, text, None, raw, draft, None)?);
                    }
                }
                (None, None) => {}
            }
            for (key, topic, _, _) in &batch {
                if new.iter().any(|c| &c.target == key) {
                    made += 1;
                    *per_topic.entry(topic.clone()).or_default() += 1;
                }
            }
            let tx = self.store.transaction()?;
            written += tx.insert_candidates(generation, &new)?;
            tx.commit()?;
            progress.advance(new.len() as u64);
        }
        progress.finish();

        self.check_generated(exam.exam, share, request.max_lookup, &embedder, progress)?;
        let tx = self.store.transaction()?;
        tx.finish_generation(generation)?;
        tx.commit()?;
        Ok(GenerationReport {
            exam: exam.exam_name.clone(),
            generation: saturating_u32(usize::try_from(generation).unwrap_or(0)),
            written: saturating_u32(written),
            resumed: saturating_u32(written_before.len()),
            available: saturating_u32(
                offline
                    .as_ref()
                    .map_or(plan.len(), OfflineGenerator::available),
            ),
            skipped: saturating_u32(skipped),
            held_back_blanks: saturating_u32(held_back_blanks),
            quality: self.generation_quality(&exam)?,
        })
    }

    /// Runs the filters over every parsed generated question of the exam, with thresholds set on
    /// all of them, and records each one's measures and flags.
    pub(crate) fn check_generated(
        &mut self,
        exam: proctor_core::ExamId,
        share: f64,
        max_lookup: Option<f64>,
        embedder: &dyn Embedder,
        progress: &dyn Progress,
    ) -> ApiResult<()> {
        let rows: Vec<CandidateRow> = self
            .store
            .candidates(exam)?
            .into_iter()
            .filter(|c| c.stem.is_some())
            .collect();
        progress.start("Checking the questions", rows.len() as u64);
        let mut measures: Vec<Option<Measures>> = rows.iter().map(measures_of).collect();
        let missing: Vec<usize> = (0..rows.len()).filter(|&i| measures[i].is_none()).collect();
        for part in missing.chunks(64) {
            if progress.cancelled() {
                return Err(ApiError::new(
                    ErrorCode::Cancelled,
                    "checking stopped; the questions are kept, and generating again checks them",
                ));
            }
            let inputs: Vec<Candidate<'_>> = part
                .iter()
                .map(|&i| Candidate {
                    stem: rows[i].stem.as_deref().unwrap_or(""),
                    choices: rows[i].choices.as_deref().unwrap_or(&[]),
                    key: rows[i].key.unwrap_or(0),
                    source: &rows[i].source_text,
                })
                .collect();
            for (&i, m) in part
                .iter()
                .zip(filters::measure(&inputs, embedder).map_err(ApiError::internal)?)
            {
                measures[i] = Some(m);
            }
            progress.advance(part.len() as u64);
        }
        let mut measures: Vec<Measures> = measures
            .into_iter()
            .map(Option::unwrap_or_default)
            .collect();
        self.keyword_lookups(&rows, &mut measures, progress)?;
        let thresholds = filters::thresholds(&measures, share);
        // Duplicates: against the exam's own questions first, then earlier generated ones.
        let version = self
            .store
            .latest_version_of(&self.exam_name(exam)?)?
            .ok_or_else(|| ApiError::internal("the exam has no version"))?;
        let existing: Vec<(String, String, String)> = self
            .store
            .questions(version.id)?
            .into_iter()
            .filter(|q| {
                !rows
                    .iter()
                    .any(|c| c.question_id.as_deref() == Some(&q.external_id))
            })
            .map(|q| {
                let key = q.choices.get(q.key).cloned().unwrap_or_default();
                (q.stem, key, q.external_id)
            })
            .collect();
        let mut pairs: Vec<(&str, &str)> = existing
            .iter()
            .map(|(s, k, _)| (s.as_str(), k.as_str()))
            .collect();
        for c in &rows {
            let choices = c.choices.as_deref().unwrap_or(&[]);
            pairs.push((
                c.stem.as_deref().unwrap_or(""),
                choices.get(c.key.unwrap_or(0)).map_or("", String::as_str),
            ));
        }
        let duplicates = filters::duplicates(&pairs, embedder).map_err(ApiError::internal)?;
        let mut all_flags: Vec<Vec<Flag>> = Vec::with_capacity(rows.len());
        for (i, m) in measures.iter().enumerate() {
            let mut flags = filters::flags(m, &thresholds);
            if let Some(of) = duplicates[existing.len() + i] {
                let name = if of < existing.len() {
                    format!("question {}", existing[of].2)
                } else {
                    format!("generated question {}", rows[of - existing.len()].id)
                };
                flags.push(Flag::noted(Check::Duplicate, name));
            }
            all_flags.push(flags);
        }
        let sorts: Vec<shares::Sorts> = rows
            .iter()
            .zip(&measures)
            .map(|(row, m)| shares::Sorts {
                blank: row.stem.as_deref().is_some_and(fills_a_blank),
                lookup: m.lookup == Some(true),
                rejected: row.status == "rejected",
                topic: row.topic.as_deref(),
            })
            .collect();
        shares::set_aside_over_shares(&sorts, &mut all_flags, max_lookup);
        let tx = self.store.transaction()?;
        for ((i, c), flags) in rows.iter().enumerate().zip(all_flags) {
            tx.set_checks(
                c.id,
                &serde_json::to_string(&measures[i]).map_err(ApiError::internal)?,
                &serde_json::to_string(&flags).map_err(ApiError::internal)?,
            )?;
        }
        tx.set_setting(
            &format!("generation-thresholds:{}", exam.0),
            &serde_json::to_string(&thresholds).map_err(ApiError::internal)?,
        )?;
        tx.commit()?;
        progress.finish();
        Ok(())
    }

    fn exam_name(&self, exam: proctor_core::ExamId) -> ApiResult<String> {
        self.store
            .exam_versions()?
            .into_iter()
            .find(|v| v.exam == exam)
            .map(|v| v.exam_name)
            .ok_or_else(|| ApiError::internal("the exam vanished"))
    }
}
