//! The report about the systems the analyst chose: every table and chart cut to them, the
//! reference pipelines as one line of context, and the chosen systems head to head.

use super::{escape, pct};
use crate::dto::{CategoryTable, CompareRequest, Grades, Standing, SystemGroup, SystemName};
use crate::grading::looks_note;
use crate::{ApiError, ApiResult, ErrorCode, Project};
use proctor_exam::grading::{RESAMPLES, SEED};
use proctor_stats::paired_bootstrap;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// Pairs compared head to head at most (the first systems' pairs; more cannot be read).
pub(crate) const MAX_PAIRS: usize = 6;
/// Questions a topic or level needs for its difference to get an interval (as the radar's).
const MIN_GROUP: usize = 5;
/// Questions shown where a pair differs, per pair.
const DIFFERING_SHOWN: usize = 4;
/// Replies read by hand or still to read, shown per system.
const READINGS_SHOWN: usize = 8;

/// The systems the report covers: those asked for (each must have sat the exam), else the
/// analyst's own, else the pages' focus.
pub(crate) fn chosen(grades: &Grades, asked: &[String]) -> ApiResult<Vec<String>> {
    for name in asked {
        if !grades.leaderboard.iter().any(|s| &s.system == name) {
            return Err(ApiError::new(
                ErrorCode::InvalidInput,
                format!(
                    "the report cannot cover {name:?}: it did not sit {} version {}",
                    grades.exam.exam, grades.exam.version
                ),
            ));
        }
    }
    if !asked.is_empty() {
        // In leaderboard order, once each.
        return Ok(grades
            .leaderboard
            .iter()
            .filter(|s| asked.contains(&s.system))
            .map(|s| s.system.clone())
            .collect());
    }
    let own: Vec<String> = grades
        .leaderboard
        .iter()
        .filter(|s| s.group == SystemGroup::Systems)
        .map(|s| s.system.clone())
        .collect();
    Ok(if own.is_empty() {
        grades.focus.clone()
    } else {
        own
    })
}

/// The grades cut to the chosen systems: the leaderboard ranked among them, each category
/// table's columns theirs only.
pub(crate) fn scope(grades: &Grades, chosen: &[String]) -> Grades {
    let keep = |table: &CategoryTable| {
        let at: Vec<usize> = table
            .systems
            .iter()
            .enumerate()
            .filter(|(_, s)| chosen.contains(s))
            .map(|(i, _)| i)
            .collect();
        let mut cut = table.clone();
        cut.systems = at.iter().map(|i| table.systems[*i].clone()).collect();
        for row in &mut cut.rows {
            row.cells = at
                .iter()
                .filter_map(|i| row.cells.get(*i).copied())
                .collect();
        }
        cut
    };
    let mut scoped = grades.clone();
    scoped.leaderboard = grades
        .leaderboard
        .iter()
        .filter(|s| chosen.contains(&s.system))
        .cloned()
        .enumerate()
        .map(|(i, s)| Standing {
            rank: u32::try_from(i + 1).unwrap_or(u32::MAX),
            ..s
        })
        .collect();
    scoped.topics = keep(&grades.topics);
    scoped.bloom = keep(&grades.bloom);
    scoped.question_types = keep(&grades.question_types);
    scoped.focus = chosen.to_vec();
    scoped
}

/// One line of context from the reference pipelines not chosen: the reader's ceiling, closed
/// book and the best retrieval pipeline; empty without pipelines.
pub(crate) fn context(grades: &Grades, chosen: &[String]) -> String {
    let pipelines: Vec<&Standing> = grades
        .leaderboard
        .iter()
        .filter(|s| s.group == SystemGroup::Pipelines && !chosen.contains(&s.system))
        .collect();
    let retriever = |s: &Standing| {
        s.factors
            .iter()
            .find(|f| f.name == "retriever")
            .map(|f| f.level.clone())
    };
    let mut parts = Vec::new();
    if let Some(ceiling) = grades
        .reader_ceilings
        .first()
        .filter(|c| !chosen.contains(&c.system))
    {
        parts.push(format!(
            "the reader's ceiling (its reader given each question's own passage) {}",
            pct(Some(ceiling.accuracy))
        ));
    }
    if let Some(closed) = pipelines
        .iter()
        .find(|s| retriever(s).as_deref() == Some("closed book"))
    {
        parts.push(format!(
            "closed book (no documents) {}",
            pct(closed.accuracy)
        ));
    }
    if let Some(best) = pipelines.iter().find(|s| {
        !matches!(
            retriever(s).as_deref(),
            Some("closed book" | "oracle") | None
        )
    }) {
        parts.push(format!(
            "the best retrieval pipeline, {}, {}",
            escape(&best.system),
            pct(best.accuracy)
        ));
    }
    if parts.is_empty() {
        return String::new();
    }
    format!(
        "<p class=\"context\" data-context>For context, from the {} reference pipelines on the same exam: {}.</p>",
        pipelines.len(),
        parts.join("; ")
    )
}

/// Each pair of the chosen systems: the one verdict, the differences per topic and Bloom level
/// with their intervals, questions where they differ, and the replies read by hand or still to
/// read.
pub(crate) fn section(
    out: &mut String,
    project: &Project,
    grades: &Grades,
    chosen: &[String],
) -> ApiResult<()> {
    out.push_str("<h2>Head to head</h2>");
    if chosen.len() < 2 {
        out.push_str("<p class=\"note\">Choose at least two systems for the report to compare them head to head.</p>");
        return readings(out, project, chosen);
    }
    let pairs: Vec<(&String, &String)> = chosen
        .iter()
        .enumerate()
        .flat_map(|(i, a)| chosen[i + 1..].iter().map(move |b| (a, b)))
        .take(MAX_PAIRS)
        .collect();
    let total = chosen.len() * (chosen.len() - 1) / 2;
    if total > pairs.len() {
        let _ = write!(
            out,
            "<p class=\"note\">The first {} of the {total} pairs, best first; choose fewer systems to see every pair.</p>",
            pairs.len()
        );
    }
    let version = project.exam_version(None)?;
    let loaded = project.sittings(&version)?;
    let questions = project.store.questions(version.id)?;
    for (a, b) in pairs {
        // The pair's one verdict (the weaker against the stronger, whichever way it is asked);
        // asked with the weaker first, its marker points from the weaker.
        let c = project.compare(&CompareRequest {
            exam: None,
            first: b.clone(),
            second: a.clone(),
        })?;
        let _ = write!(
            out,
            "<section class=\"pair\" data-pair=\"{} | {}\"><h3>{} and {}</h3><p class=\"verdict\">{} {}</p><p>Accuracy {} against {}: {} is {:.1} points ahead, 95% interval {} to {} (paired bootstrap over questions). Of {} questions both were right on {}, only {} on {}, only {} on {}, neither on {}.{}</p>",
            escape(a),
            escape(b),
            escape(a),
            escape(b),
            escape(&c.verdict.marker),
            escape(&c.verdict.sentence),
            pct(Some(c.second_accuracy)),
            pct(Some(c.first_accuracy)),
            escape(a),
            (-c.difference * 100.0).max(0.0),
            points(-c.high),
            points(-c.low),
            c.pairs,
            c.both,
            escape(a),
            c.only_second,
            escape(b),
            c.only_first,
            c.neither,
            match (c.verdict.real, c.verdict.questions_needed) {
                (false, Some(n)) => format!(
                    " To tell them apart with 80% power, about {n} questions would be needed."
                ),
                _ => String::new(),
            }
        );
        let (Some(one), Some(other)) = (loaded.sitting(a), loaded.sitting(b)) else {
            continue;
        };
        let right = |s: &proctor_exam::grading::Sitting, id| {
            matches!(s.responses.get(&id), Some(proctor_core::Outcome::Chosen(i))
                if loaded.questions.iter().any(|q| q.id == id && q.key == *i))
        };
        for (what, by) in [("topic", 0usize), ("Bloom level", 1)] {
            let mut groups: BTreeMap<String, (Vec<f64>, Vec<f64>)> = BTreeMap::new();
            for q in &loaded.questions {
                let names: Vec<String> = if by == 0 {
                    vec![q.topic.clone().unwrap_or_else(|| "no topic".to_owned())]
                } else {
                    q.bloom.iter().map(ToString::to_string).collect()
                };
                for name in names {
                    let entry = groups.entry(name).or_default();
                    entry.0.push(f64::from(u8::from(right(one, q.id))));
                    entry.1.push(f64::from(u8::from(right(other, q.id))));
                }
            }
            let _ = write!(
                out,
                "<table class=\"by\"><thead><tr><th>{}</th><th class=\"num\">Questions</th><th class=\"num\">{}</th><th class=\"num\">{}</th><th class=\"num\">Difference</th><th>95% interval</th></tr></thead><tbody>",
                escape(&capitalised(what)),
                escape(a),
                escape(b)
            );
            // Differences are the first's minus the second's, in points.
            // In the order the exam's tables use (Bloom's levels in Bloom's order).
            let order: Vec<&str> = if by == 0 {
                grades
                    .topics
                    .rows
                    .iter()
                    .map(|r| r.category.as_str())
                    .collect()
            } else {
                grades
                    .bloom
                    .rows
                    .iter()
                    .map(|r| r.category.as_str())
                    .collect()
            };
            let mut names: Vec<&String> = groups.keys().collect();
            names.sort_by_key(|n| order.iter().position(|o| o == n).unwrap_or(usize::MAX));
            for name in names {
                let (x, y) = &groups[name];
                let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
                // Too few questions for an interval to mean anything: said so, not drawn.
                if x.len() < MIN_GROUP {
                    let _ = write!(
                        out,
                        "<tr><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">–</td><td class=\"note\">too few questions to tell</td></tr>",
                        escape(name),
                        x.len(),
                        pct(Some(mean(x))),
                        pct(Some(mean(y))),
                    );
                    continue;
                }
                let d = paired_bootstrap(x, y, RESAMPLES, 0.95, SEED)
                    .map_err(|e| ApiError::new(ErrorCode::Internal, e.to_string()))?;
                let _ = write!(
                    out,
                    "<tr><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td>{} to {}{}</td></tr>",
                    escape(name),
                    x.len(),
                    pct(Some(mean(x))),
                    pct(Some(mean(y))),
                    points(d.difference),
                    points(d.low),
                    points(d.high),
                    if d.low > 0.0 || d.high < 0.0 {
                        ""
                    } else {
                        " (includes 0)"
                    }
                );
            }
            out.push_str("</tbody></table>");
        }
        // A few questions where one was right and the other not, each way, with what each
        // replied.
        let ahead = |first: bool| {
            questions.iter().filter(move |q| {
                q.active && right(one, q.id) == first && right(other, q.id) != first
            })
        };
        let mut differing: Vec<_> = ahead(true).take(DIFFERING_SHOWN / 2).collect();
        differing.extend(ahead(false).take(DIFFERING_SHOWN - differing.len()));
        if differing.len() < DIFFERING_SHOWN {
            differing.extend(
                ahead(true)
                    .skip(DIFFERING_SHOWN / 2)
                    .take(DIFFERING_SHOWN - differing.len()),
            );
        }
        differing.sort_by_key(|q| q.ordinal);
        if !differing.is_empty() {
            let _ = write!(
                out,
                "<h4>Where they differ ({} of {})</h4>",
                differing.len(),
                c.only_first + c.only_second
            );
            for q in differing {
                let answers = project.store.answers_to(q.id)?;
                let _ = write!(
                    out,
                    "<div class=\"differ\"><p><b>{}</b> {} <span class=\"note\">Key: {} — {}</span></p><ul>",
                    escape(&q.external_id),
                    escape(&q.stem),
                    crate::browse::letter(q.key),
                    escape(q.choices.get(q.key).map_or("", String::as_str))
                );
                for name in [a, b] {
                    let answer = answers
                        .iter()
                        .find(|r| r.system.as_deref() == Some(name.as_str()));
                    let reply = answer.and_then(|r| r.raw_text.as_deref()).unwrap_or("");
                    let _ =
                        write!(
                            out,
                            "<li><b>{}</b> ({}): “{}” <span class=\"note\">read as {}</span></li>",
                            escape(name),
                            if right(if name == a { one } else { other }, q.id) {
                                "right"
                            } else {
                                "not right"
                            },
                            escape(&clipped(reply, 300)),
                            escape(&answer.and_then(|r| r.reading.as_ref()).map_or_else(
                                || "—".to_owned(),
                                proctor_core::AnswerReading::describe
                            ))
                        );
                }
                out.push_str("</ul></div>");
            }
        }
        out.push_str("</section>");
    }
    readings(out, project, chosen)
}

/// Per chosen system: the replies a person read by hand, and those still to read.
fn readings(out: &mut String, project: &Project, chosen: &[String]) -> ApiResult<()> {
    let mut counts: Vec<(String, usize, usize)> = Vec::new();
    let mut rows = String::new();
    for name in chosen {
        let sheet = project.answer_sheet(&SystemName { name: name.clone() })?;
        let by_hand: Vec<_> = sheet.rows.iter().filter(|r| r.hand.is_some()).collect();
        let to_read = sheet
            .rows
            .iter()
            .filter(|r| r.verdict == crate::dto::AnswerVerdict::NeedsLook)
            .count();
        counts.push((name.clone(), by_hand.len(), to_read));
        for r in by_hand.iter().take(READINGS_SHOWN) {
            let hand = r.hand.as_ref();
            let _ = write!(
                rows,
                "<tr><td>{}</td><td>{}</td><td>“{}”</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                escape(name),
                escape(&r.id),
                escape(&clipped(r.reply.as_deref().unwrap_or(""), 200)),
                escape(hand.and_then(|h| h.original.as_deref()).unwrap_or("—")),
                escape(r.reading.as_deref().unwrap_or("—")),
                escape(hand.and_then(|h| h.reason.as_deref()).unwrap_or(""))
            );
        }
    }
    if counts
        .iter()
        .all(|(_, hand, left)| *hand == 0 && *left == 0)
    {
        out.push_str("<p class=\"note\">Every reply of the chosen systems was read automatically: by its letter, its choice's text, or as no answer.</p>");
        return Ok(());
    }
    out.push_str("<h3>Replies read by hand</h3>");
    let said: Vec<String> = counts
        .iter()
        .map(|(name, hand, _)| format!("{} {hand}", escape(name)))
        .collect();
    let _ = write!(
        out,
        "<p>Replies a person read because Proctor could not read them as one choice: {}.{}</p>",
        said.join(", "),
        escape(&looks_note(
            &counts
                .iter()
                .map(|(n, _, left)| (n.as_str(), *left))
                .collect::<Vec<_>>()
        ))
    );
    if !rows.is_empty() {
        let _ = write!(
            out,
            "<table><thead><tr><th>System</th><th>Question</th><th>Reply</th><th>Read first as</th><th>Read by hand as</th><th>Why</th></tr></thead><tbody>{rows}</tbody></table>"
        );
    }
    Ok(())
}

/// A difference in points, signed, never "-0.0".
fn points(share: f64) -> String {
    let p = (share * 1000.0).round() / 10.0;
    if p.abs() < 0.05 {
        "0.0".to_owned()
    } else {
        format!("{p:+.1}")
    }
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

fn clipped(s: &str, at: usize) -> String {
    let s = s.trim();
    if s.chars().count() <= at {
        return s.to_owned();
    }
    let cut: String = s.chars().take(at).collect();
    format!("{}…", cut.trim_end())
}
