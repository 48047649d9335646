//! MMR's λ swept (Lin 001; METHODS.md §8: 0 to 1 in steps of 0.1): the
//! articles MMR would write at each λ, graded in memory — EXAM by the lexical reader, and
//! ROUGE-1 against the gold articles — so the slider is set knowing what λ does. Nothing is
//! stored.

use crate::articles::writers::{Relevance, query_text};
use crate::dto::{MmrSweep, MmrSweepRequest, SweepPoint};
use crate::grading::overlap::{mean_and_error, rouge_f1};
use crate::saturating_u32;
use crate::{ApiError, ApiResult, ErrorCode, Project};
use proctor_exam::readers::{DEFAULT_LEXICAL_THRESHOLD, LexicalReader, Reader, ReaderQuestion};
use proctor_store::QuestionRow;
use std::collections::BTreeMap;

/// The λ values swept: 0, 0.1, …, 1.
const STEPS: u32 = 10;

impl Project {
    /// EXAM (lexical reader) and ROUGE-1 (against the gold articles) of the articles MMR writes
    /// at each λ from 0 to 1, for the exam's queries, at `quota` characters.
    pub fn mmr_sweep(&self, request: &MmrSweepRequest) -> ApiResult<MmrSweep> {
        if request.quota == 0 {
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                "the articles' length must be at least one character",
            ));
        }
        let version = self.exam_version(request.exam.as_deref())?;
        let mut by_query: BTreeMap<String, Vec<QuestionRow>> = BTreeMap::new();
        for question in self.store.questions(version.id)? {
            if let (true, Some(query)) = (question.active, question.query.clone()) {
                by_query.entry(query).or_default().push(question);
            }
        }
        if by_query.is_empty() {
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                "no question of this exam names its query; articles are written per query",
            ));
        }
        let corpus = self.writer_corpus()?;
        let reader = LexicalReader::new(corpus.idf.clone(), DEFAULT_LEXICAL_THRESHOLD);
        let gold = self.store.articles(None)?;
        let pools: Vec<_> = by_query
            .keys()
            .map(|query| corpus.candidates(&query_text(query)))
            .collect::<ApiResult<_>>()?;
        let relevance: Vec<Relevance> = by_query
            .keys()
            .zip(&pools)
            .map(|(query, pool)| Relevance::new(pool, &query_text(query), &corpus.idf))
            .collect();
        let quota = request.quota as usize;
        let mut points = Vec::with_capacity(STEPS as usize + 1);
        for step in 0..=STEPS {
            let lambda = f64::from(step) / f64::from(STEPS);
            let mut exam = Vec::with_capacity(by_query.len());
            let mut rouge = Vec::new();
            for ((query, questions), relevance) in by_query.iter().zip(&relevance) {
                let article = relevance.article(lambda, quota);
                let mut right = 0usize;
                for question in questions {
                    let reading = reader
                        .read(
                            &ReaderQuestion {
                                stem: &question.stem,
                                choices: &question.choices,
                            },
                            &[article.as_str()],
                        )
                        .map_err(|e| ApiError::new(ErrorCode::Internal, e.to_string()))?;
                    right += usize::from(reading.choice == Some(question.key));
                }
                exam.push(right as f64 / questions.len() as f64);
                if let Some(reference) = gold.get(query) {
                    rouge.push(rouge_f1(&article, reference));
                }
            }
            let exam = mean_and_error(&exam);
            points.push(SweepPoint {
                lambda,
                exam: exam.mean,
                standard_error: exam.standard_error,
                rouge1: (!rouge.is_empty()).then(|| mean_and_error(&rouge).mean),
            });
        }
        Ok(MmrSweep {
            points,
            queries: saturating_u32(by_query.len()),
            gold_queries: saturating_u32(by_query.keys().filter(|q| gold.contains_key(*q)).count()),
            quota: request.quota,
        })
    }
}
