//! Nugget evaluation of EXAM-mode articles (METHODS.md §7; Lin 001, Marton & Katz 003): each
//! system's article for a query is split into sentences and the query's reference nuggets are
//! matched in them by POURPRE or a Nuggeteer-style judgement; recall over vital nuggets, the
//! length allowance, F(β = 3) per query, the macro average with its interval, and the one
//! verdict (paired randomisation over queries) against a baseline.

use crate::dto::SystemGroup;
use crate::dto::{
    ArticlePiece, NuggetArticle, NuggetArticleRequest, NuggetBoard, NuggetCell, NuggetFound,
    NuggetMethod, NuggetRequest, NuggetStanding,
};
use crate::grading::group_of_kind;
use crate::grading::verdict::paired_verdicts;
use crate::saturating_u32;
use crate::{ApiError, ApiResult, ErrorCode, Project};
use proctor_stats::nugget::{
    Idf, MatchCount, Nugget, TERMS, macro_average, nuggeteer_best, pourpre_best, score_matches,
};
use proctor_stats::text::sentences;
use std::collections::{BTreeMap, BTreeSet};

/// The name of the reference row.
const GOLD: &str = "Gold articles";

/// A nugget's match in an article: its score, whether it counts as found, and the sentence.
struct Match {
    score: f64,
    found: bool,
    sentence: Option<usize>,
}

/// The sentences of an article, as the nugget measures see its units.
fn units(article: &str) -> Vec<String> {
    sentences(article)
        .into_iter()
        .map(|(a, b)| article[a..b].to_owned())
        .collect()
}

/// How the board's request scores an article.
struct Scorer<'a> {
    request: &'a NuggetRequest,
    /// Document frequencies for the Nuggeteer weights (the corpus, or else the articles).
    idf: Option<Idf>,
}

impl Scorer<'_> {
    fn matches(&self, nuggets: &[Nugget], units: &[String]) -> Vec<Match> {
        nuggets
            .iter()
            .map(|nugget| {
                if let (NuggetMethod::Nuggeteer, Some(idf)) = (self.request.method, &self.idf) {
                    let (score, sentence) = nuggeteer_best(&nugget.text, units, idf);
                    Match {
                        score,
                        found: score >= self.request.threshold && score > 0.0,
                        sentence,
                    }
                } else {
                    let (score, sentence) = pourpre_best(&nugget.text, units);
                    Match {
                        score,
                        found: score > 0.0,
                        sentence,
                    }
                }
            })
            .collect()
    }

    /// The scores of one article (None: the system wrote none) against a query's nuggets.
    fn cell(&self, nuggets: &[Nugget], article: Option<&str>) -> (NuggetCell, Vec<Match>) {
        let units = article.map(units).unwrap_or_default();
        let matches = self.matches(nuggets, &units);
        let (values, count): (Vec<f64>, MatchCount) = match self.request.method {
            NuggetMethod::Pourpre => (
                matches.iter().map(|m| m.score).collect(),
                MatchCount::Fraction,
            ),
            NuggetMethod::PourpreCount => {
                (matches.iter().map(|m| m.score).collect(), MatchCount::Count)
            }
            NuggetMethod::Nuggeteer => (
                matches
                    .iter()
                    .map(|m| f64::from(u8::from(m.found)))
                    .collect(),
                MatchCount::Count,
            ),
        };
        let score = score_matches(nuggets, &values, &units, count, self.request.all_vital);
        let cell = NuggetCell {
            f_beta: score.f_beta,
            recall: score.recall,
            precision: if article.is_some() {
                score.precision
            } else {
                0.0
            },
            found: saturating_u32(matches.iter().filter(|m| m.found).count()),
            length: saturating_u32(score.length),
            written: article.is_some(),
        };
        (cell, matches)
    }
}

/// The project's nuggets by query, each query's in file order.
type Nuggets = BTreeMap<String, Vec<(String, Nugget)>>;

impl Project {
    fn nuggets_by_query(&self) -> ApiResult<Nuggets> {
        let mut out: Nuggets = BTreeMap::new();
        for row in self.store.nuggets()? {
            out.entry(row.query).or_default().push((
                row.nugget,
                Nugget {
                    text: row.text,
                    vital: row.vital,
                },
            ));
        }
        Ok(out)
    }

    fn scorer<'a>(&self, request: &'a NuggetRequest) -> ApiResult<Scorer<'a>> {
        if !(0.0..=1.0).contains(&request.threshold) {
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                "the Nuggeteer threshold must be between 0 and 1",
            ));
        }
        let idf = if request.method == NuggetMethod::Nuggeteer {
            let documents = self.store.document_texts()?;
            Some(if documents.is_empty() {
                // Without a corpus, the articles themselves are the collection.
                let mut texts: Vec<String> = self.store.articles(None)?.into_values().collect();
                for (system, _) in self.store.article_systems()? {
                    texts.extend(self.store.articles(Some(system))?.into_values());
                }
                Idf::from_documents(texts.iter().map(String::as_str))
            } else {
                Idf::from_documents(documents.iter().map(|d| d.text.as_str()))
            })
        } else {
            None
        };
        Ok(Scorer { request, idf })
    }

    /// Every system with articles scored against the nuggets, with the one verdict against the
    /// baseline (default: the best system).
    pub fn nugget_board(&self, request: &NuggetRequest) -> ApiResult<NuggetBoard> {
        let mut nuggets = self.nuggets_by_query()?;
        // Recall is over the vital nuggets: a query without one has none (METHODS §7), so it
        // is left out unless every nugget counts as vital.
        let without_vital = if request.all_vital {
            0
        } else {
            let before = nuggets.len();
            nuggets.retain(|_, list| list.iter().any(|(_, n)| n.vital));
            before - nuggets.len()
        };
        let scorer = self.scorer(request)?;
        let queries: Vec<String> = nuggets.keys().cloned().collect();
        let mut board = NuggetBoard {
            nuggets_per_query: nuggets.values().map(|v| saturating_u32(v.len())).collect(),
            nuggets: saturating_u32(nuggets.values().map(Vec::len).sum::<usize>()),
            vital: saturating_u32(nuggets.values().flatten().filter(|(_, x)| x.vital).count()),
            queries,
            systems: Vec::new(),
            gold: None,
            baseline: None,
            note: None,
        };
        if without_vital > 0 {
            let (queries, have) = if without_vital == 1 {
                ("query", "has")
            } else {
                ("queries", "have")
            };
            board.note = Some(format!(
                "{without_vital} {queries} {have} no vital nugget and are left out (recall is \
                 over the vital nuggets); count every nugget as vital to include them"
            ));
        }
        if nuggets.is_empty() {
            if without_vital == 0 {
                board.note = Some(
                    "the project has no nuggets yet: import a nuggets file (Set-up → Other imports)"
                        .to_owned(),
                );
            }
            return Ok(board);
        }
        let standing = |system: &str,
                        gold: bool,
                        articles: &BTreeMap<String, String>|
         -> ApiResult<NuggetStanding> {
            let cells: Vec<NuggetCell> = nuggets
                .iter()
                .map(|(query, list)| {
                    let plain: Vec<Nugget> = list.iter().map(|(_, x)| x.clone()).collect();
                    scorer
                        .cell(&plain, articles.get(query).map(String::as_str))
                        .0
                })
                .collect();
            let f: Vec<f64> = cells.iter().map(|c| c.f_beta).collect();
            let average =
                macro_average(&f).map_err(|e| ApiError::new(ErrorCode::Internal, e.to_string()))?;
            let count = cells.len().max(1) as f64;
            Ok(NuggetStanding {
                system: system.to_owned(),
                gold,
                mean: average.mean,
                low: average.low,
                high: average.high,
                recall: cells.iter().map(|c| c.recall).sum::<f64>() / count,
                precision: cells.iter().map(|c| c.precision).sum::<f64>() / count,
                cells,
                verdict: None,
            })
        };
        for (id, name) in self.store.article_systems()? {
            board
                .systems
                .push(standing(&name, false, &self.store.articles(Some(id))?)?);
        }
        let gold = self.store.articles(None)?;
        if board.queries.iter().any(|q| gold.contains_key(q)) {
            board.gold = Some(standing(GOLD, true, &gold)?);
        }
        if board.systems.is_empty() {
            board.note = Some(
                "no system has articles yet: import a system's articles, or let a built-in \
                 writer write them (Set-up)"
                    .to_owned(),
            );
            return Ok(board);
        }
        board.systems.sort_by(|a, b| {
            b.mean
                .total_cmp(&a.mean)
                .then_with(|| a.system.cmp(&b.system))
        });
        let baseline = match &request.baseline {
            Some(name) => board
                .systems
                .iter()
                .position(|s| &s.system == name)
                .ok_or_else(|| {
                    ApiError::new(
                        ErrorCode::NotFound,
                        format!("no system named '{name}' has articles"),
                    )
                })?,
            None => 0,
        };
        let base_name = board.systems[baseline].system.clone();
        // The family (METHODS §9): the article writers of the baseline's group — the systems
        // being judged, or the reference pipelines — each against the baseline.
        let groups: BTreeMap<String, SystemGroup> = self
            .store
            .systems()?
            .into_iter()
            .map(|s| (s.name, group_of_kind(s.kind)))
            .collect();
        let group = groups
            .get(&base_name)
            .copied()
            .unwrap_or(SystemGroup::Systems);
        let base: Vec<f64> = board.systems[baseline]
            .cells
            .iter()
            .map(|c| c.f_beta)
            .collect();
        let members: Vec<(String, Vec<f64>)> = board
            .systems
            .iter()
            .filter(|s| s.system != base_name)
            .filter(|s| {
                groups
                    .get(&s.system)
                    .copied()
                    .unwrap_or(SystemGroup::Systems)
                    == group
            })
            .map(|s| (s.system.clone(), s.cells.iter().map(|c| c.f_beta).collect()))
            .collect();
        if !members.is_empty() {
            let described = format!("{} with articles", group.describe());
            let verdicts = paired_verdicts(
                (&base_name, &base),
                &members,
                "nugget F(β = 3)",
                &described,
                "queries",
            )?;
            for ((name, _), verdict) in members.iter().zip(verdicts) {
                if let Some(s) = board.systems.iter_mut().find(|s| &s.system == name) {
                    s.verdict = Some(verdict);
                }
            }
        }
        board.baseline = Some(base_name);
        Ok(board)
    }

    /// One article with the query's nuggets marked where they were found.
    pub fn nugget_article(&self, request: &NuggetArticleRequest) -> ApiResult<NuggetArticle> {
        let nuggets = self.nuggets_by_query()?;
        let list = nuggets.get(&request.query).ok_or_else(|| {
            ApiError::new(
                ErrorCode::NotFound,
                format!("query '{}' has no nuggets", request.query),
            )
        })?;
        let articles = if request.gold {
            self.store.articles(None)?
        } else {
            let (id, _) = self
                .store
                .article_systems()?
                .into_iter()
                .find(|(_, name)| *name == request.system)
                .ok_or_else(|| {
                    ApiError::new(
                        ErrorCode::NotFound,
                        format!("no system named '{}' has articles", request.system),
                    )
                })?;
            self.store.articles(Some(id))?
        };
        let article = articles.get(&request.query).map(String::as_str);
        let scorer = self.scorer(&request.scoring)?;
        let plain: Vec<Nugget> = list.iter().map(|(_, x)| x.clone()).collect();
        let (cell, matches) = scorer.cell(&plain, article);
        let sentence_texts = article.map(units).unwrap_or_default();
        let sentences = sentence_texts
            .iter()
            .enumerate()
            .map(|(i, text)| {
                // The words of each found nugget whose best sentence this is.
                let here: Vec<(u32, BTreeSet<String>)> = matches
                    .iter()
                    .enumerate()
                    .filter(|(_, m)| m.found && m.sentence == Some(i))
                    .map(|(k, _)| {
                        (
                            saturating_u32(k),
                            TERMS.of(&plain[k].text).into_iter().collect(),
                        )
                    })
                    .collect();
                pieces(text, &here)
            })
            .collect();
        Ok(NuggetArticle {
            system: if request.gold {
                GOLD.to_owned()
            } else {
                request.system.clone()
            },
            query: request.query.clone(),
            sentences,
            nuggets: list
                .iter()
                .zip(&matches)
                .map(|((id, nugget), m)| NuggetFound {
                    id: id.clone(),
                    text: nugget.text.clone(),
                    vital: nugget.vital,
                    score: m.score,
                    found: m.found,
                    sentence: m.sentence.filter(|_| m.found).map(saturating_u32),
                })
                .collect(),
            cell,
        })
    }
}

/// A sentence cut into words and what lies between them, each word marked with the nuggets
/// (of `here`) it is a term of.
pub(crate) fn pieces(text: &str, here: &[(u32, BTreeSet<String>)]) -> Vec<ArticlePiece> {
    let mut out: Vec<ArticlePiece> = Vec::new();
    let mut push = |piece: &str, nuggets: Vec<u32>| {
        // Unmarked neighbours merge, so a sentence is a few pieces, not one per word.
        let merge = nuggets.is_empty() && out.last().is_some_and(|l| l.nuggets.is_empty());
        if let (true, Some(last)) = (merge, out.last_mut()) {
            last.text.push_str(piece);
        } else {
            out.push(ArticlePiece {
                text: piece.to_owned(),
                nuggets,
            });
        }
    };
    let mut start = 0;
    let mut in_word = false;
    let bytes: Vec<(usize, char)> = text.char_indices().collect();
    for (at, c) in bytes
        .iter()
        .copied()
        .chain(std::iter::once((text.len(), ' ')))
    {
        let word_char = at < text.len() && c.is_ascii_alphanumeric();
        if word_char != in_word {
            let piece = &text[start..at];
            if in_word {
                let term = TERMS.of(piece).into_iter().next();
                let marks = term
                    .map(|t| {
                        here.iter()
                            .filter(|(_, terms)| terms.contains(&t))
                            .map(|(k, _)| *k)
                            .collect()
                    })
                    .unwrap_or_default();
                push(piece, marks);
            } else if !piece.is_empty() {
                push(piece, Vec::new());
            }
            start = at;
            in_word = word_char;
        }
    }
    if start < text.len() {
        push(&text[start..], Vec::new());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_mark_the_nuggets_words_and_keep_the_text() {
        let terms: BTreeSet<String> = TERMS.of("backups run nightly").into_iter().collect();
        let p = pieces("Tidewater backups run nightly.", &[(0, terms)]);
        let text: String = p.iter().map(|x| x.text.as_str()).collect();
        assert_eq!(text, "Tidewater backups run nightly.");
        let marked: Vec<&str> = p
            .iter()
            .filter(|x| !x.nuggets.is_empty())
            .map(|x| x.text.as_str())
            .collect();
        assert_eq!(marked, ["backups", "run", "nightly"]);
        assert_eq!(p[0].text, "Tidewater ");
    }
}
