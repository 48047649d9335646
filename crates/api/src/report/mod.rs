//! The report to hand over: one self-contained HTML file (no script, no external resource, CSS
//! and SVG inline, printable to PDF) with the sections chosen — the question asked, the exam,
//! the leaderboard with the verdicts, topics, Bloom levels and question types, IRT, exam
//! quality, the systems one by one, the methods and the provenance. Its numbers are the ones on
//! screen (the grades, the last IRT fit and improvement kept), and its charts the same series
//! the app draws.

mod head_to_head;
mod papers;
mod sections;

use crate::charts::series::{category_bars, leaderboard_chart, radar_chart, references};
use crate::dto::{CategoryTable, Grades, Report, ReportRequest, ReportSection, SaveReportRequest};
use crate::files::{chosen_path, write_chosen};
use crate::{ApiError, ApiResult, ErrorCode, Project};
use std::fmt::Write as _;

/// Text made safe for HTML (imported names and questions are text, never markup).
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

pub(crate) fn pct(v: Option<f64>) -> String {
    v.map_or_else(|| "–".to_owned(), |v| format!("{:.1}%", v * 100.0))
}

const STYLE: &str = "body{font-family:'DejaVu Sans',Verdana,sans-serif;color:#1d2733;max-width:60rem;margin:2rem auto;padding:0 1.5rem;line-height:1.45}\
h1{font-size:1.6rem;margin-bottom:.2rem}h3{break-after:avoid}h2{font-size:1.2rem;margin-top:2rem;border-bottom:1px solid #dde3ea;padding-bottom:.2rem;break-after:avoid}\
table{border-collapse:collapse;width:100%;font-size:.88rem;margin:.6rem 0;break-inside:avoid}th,td{text-align:left;padding:.3rem .5rem;border-bottom:1px solid #edf1f5}\
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}.sub{color:#5b6978}figure{margin:1rem 0;break-inside:avoid}figure svg{max-width:100%;height:auto}\
.note{color:#5b6978;font-size:.85rem}@media print{body{margin:0;max-width:none}figure svg{max-height:24cm;width:auto}}";

fn category_table(out: &mut String, table: &CategoryTable, what: &str) {
    let _ = write!(
        out,
        "<table><thead><tr><th>{}</th><th class=\"num\">Questions</th>",
        escape(what)
    );
    for s in &table.systems {
        let _ = write!(out, "<th class=\"num\">{}</th>", escape(s));
    }
    out.push_str("</tr></thead><tbody>");
    for row in &table.rows {
        let _ = write!(
            out,
            "<tr><td>{}</td><td class=\"num\">{}</td>",
            escape(&row.category),
            row.items
        );
        for cell in &row.cells {
            let _ = write!(out, "<td class=\"num\">{}</td>", pct(cell.accuracy));
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table>");
}

pub(crate) fn figure(
    out: &mut String,
    chart: Option<proctor_charts::Chart>,
    caption: &str,
) -> ApiResult<()> {
    let Some(chart) = chart else { return Ok(()) };
    let svg = proctor_charts::svg(&chart)
        .map_err(|e| ApiError::new(ErrorCode::Internal, e.to_string()))?;
    // The SVG document's own prologue is not wanted inline.
    let inline = svg.find("<svg").map_or(svg.as_str(), |at| &svg[at..]);
    let _ = write!(
        out,
        "<figure>{inline}<figcaption class=\"note\">{}</figcaption></figure>",
        escape(caption)
    );
    Ok(())
}

fn leaderboard(out: &mut String, project: &Project, grades: &Grades) -> ApiResult<()> {
    out.push_str("<h2>Leaderboard</h2>");
    figure(
        out,
        Some(leaderboard_chart(grades)),
        if grades.reader_ceilings.is_empty() {
            "Accuracy with its 95% interval (Wilson)."
        } else {
            "Accuracy with its 95% interval (Wilson); ▲ marks a reference pipeline's reader ceiling: its reader's accuracy given the passage each question was written from."
        },
    )?;
    out.push_str("<table><thead><tr><th class=\"num\">Rank</th><th>System</th><th class=\"num\">Right</th><th class=\"num\">Wrong</th><th class=\"num\">Unanswered</th><th class=\"num\">Errors</th><th class=\"num\">Needs a look</th><th class=\"num\">Accuracy</th><th>95% interval</th></tr></thead><tbody>");
    for s in &grades.leaderboard {
        let _ = write!(
            out,
            "<tr data-system=\"{}\"><td class=\"num\">{}</td><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\" data-accuracy=\"{}\">{}</td><td>{} – {}</td></tr>",
            escape(&s.system),
            s.rank,
            escape(&s.system),
            s.correct,
            s.wrong,
            s.unanswered,
            s.errors,
            s.needs_look,
            s.accuracy.map_or_else(String::new, |a| a.to_string()),
            pct(s.accuracy),
            pct(s.accuracy_low),
            pct(s.accuracy_high),
        );
    }
    out.push_str("</tbody></table>");
    sections::verdicts(out, project, grades)
}

/// Systems drawn at most in one category chart (more cannot be told apart).
const CHART_SYSTEMS: usize = 5;

/// Who a category chart draws: "The 2 systems chosen" or "The first 5 of the 8 systems chosen".
fn drawn(shown: usize, chosen: usize) -> String {
    if shown == chosen {
        format!(
            "The {chosen} system{} the report covers",
            if chosen == 1 { "" } else { "s" }
        )
    } else {
        format!("The best {shown} of the {chosen} systems the report covers")
    }
}

impl Project {
    /// The report of the exam on view with the sections asked for (all when none are).
    pub fn report(&self, request: &ReportRequest) -> ApiResult<Report> {
        let all = self.grades(request.exam.as_deref())?;
        let chosen = head_to_head::chosen(&all, &request.systems)?;
        let grades = head_to_head::scope(&all, &chosen);
        let sections: Vec<ReportSection> = if request.sections.is_empty() {
            ReportSection::ALL.to_vec()
        } else {
            request.sections.clone()
        };
        let title = format!("{}, version {}", grades.exam.exam, grades.exam.version);
        let mut out = String::with_capacity(64 * 1024);
        let _ = write!(
            out,
            "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title><style>{STYLE}</style></head><body><h1>{}</h1><p class=\"sub\">{} questions · {} · written <time data-written>{}</time></p>",
            escape(&format!("Proctor report — {title}")),
            escape(&title),
            grades.questions,
            if chosen.len() == all.leaderboard.len() {
                format!("{} systems", chosen.len())
            } else {
                format!(
                    "{} of the {} systems that sat it: {}",
                    chosen.len(),
                    all.leaderboard.len(),
                    escape(&chosen.join(", "))
                )
            },
            escape(&sections::when(&self.store.now()?))
        );
        let needs_fit = sections
            .iter()
            .any(|s| matches!(s, ReportSection::Irt | ReportSection::Quality));
        let fit = if needs_fit {
            self.latest_irt(request.exam.as_deref())?
        } else {
            None
        };
        for section in sections {
            match section {
                ReportSection::Question => {
                    let question = request.question.trim();
                    let question = if question.is_empty() {
                        "Which of these systems really knows our documents, on which topics, and is the difference real?"
                    } else {
                        question
                    };
                    let _ = write!(
                        out,
                        "<h2>The question asked</h2><p>{}</p>",
                        escape(question)
                    );
                }
                ReportSection::Exam => {
                    let _ = write!(
                        out,
                        "<h2>The exam</h2><p>{} (version {}{}), {} active questions over {} topics.</p>",
                        escape(&grades.exam.exam),
                        grades.exam.version,
                        if grades.exam.frozen {
                            ", frozen"
                        } else {
                            ", a draft"
                        },
                        grades.questions,
                        grades.topics.rows.len()
                    );
                    let coverage: Vec<String> = grades
                        .bloom
                        .rows
                        .iter()
                        .map(|r| format!("{} {}", escape(&r.category), r.items))
                        .collect();
                    let _ = write!(
                        out,
                        "<p>Questions per Bloom level (a question can sit at several): {}.</p>",
                        coverage.join(", ")
                    );
                    if let Some(bias) = &grades.bias {
                        out.push_str("<p>Answering by position alone would score: ");
                        let parts: Vec<String> = bias
                            .positions
                            .iter()
                            .map(|p| {
                                format!("always {} {}", escape(&p.letter), pct(Some(p.accuracy)))
                            })
                            .collect();
                        out.push_str(&parts.join(", "));
                        out.push_str(".</p>");
                    }
                }
                ReportSection::Leaderboard => {
                    leaderboard(&mut out, self, &grades)?;
                    out.push_str(&head_to_head::context(&all, &chosen));
                }
                ReportSection::HeadToHead => {
                    head_to_head::section(&mut out, self, &grades, &chosen)?;
                }
                ReportSection::Articles => {
                    papers::articles(&mut out, self, request.exam.as_deref(), &chosen)?;
                }
                ReportSection::Formulations => papers::formulations(&mut out, self)?,
                ReportSection::Topics => {
                    out.push_str("<h2>Topics</h2>");
                    let systems: Vec<String> = grades
                        .topics
                        .systems
                        .iter()
                        .take(CHART_SYSTEMS)
                        .cloned()
                        .collect();
                    figure(
                        &mut out,
                        radar_chart(&grades.topics, "Accuracy per topic", &systems)
                            .map(|c| references(c, &grades)),
                        &format!(
                            "{}; topics with fewer than five questions are left off.",
                            drawn(systems.len(), grades.topics.systems.len())
                        ),
                    )?;
                    category_table(&mut out, &grades.topics, "Topic");
                }
                ReportSection::Bloom => {
                    out.push_str("<h2>Bloom levels and question types</h2>");
                    let systems: Vec<String> = grades
                        .bloom
                        .systems
                        .iter()
                        .take(CHART_SYSTEMS)
                        .cloned()
                        .collect();
                    let who = drawn(systems.len(), grades.bloom.systems.len());
                    figure(
                        &mut out,
                        Some(references(
                            category_bars(&grades.bloom, "Accuracy per Bloom level", &systems),
                            &grades,
                        )),
                        &format!("{who}; a question can sit at several levels."),
                    )?;
                    category_table(&mut out, &grades.bloom, "Bloom level");
                    figure(
                        &mut out,
                        Some(references(
                            category_bars(
                                &grades.question_types,
                                "Accuracy per question type",
                                &systems,
                            ),
                            &grades,
                        )),
                        &format!("{who}; a question's type is its first question word."),
                    )?;
                    category_table(&mut out, &grades.question_types, "Question type");
                }
                ReportSection::Irt => sections::irt(&mut out, fit.as_ref(), &chosen)?,
                ReportSection::Quality => sections::quality(
                    &mut out,
                    fit.as_ref(),
                    self.latest_improvement(request.exam.as_deref())?.as_ref(),
                    &chosen,
                )?,
                ReportSection::Systems => {
                    sections::systems(&mut out, &grades, &self.systems_overview()?);
                }
                ReportSection::Methods => out.push_str(METHODS),
                ReportSection::Provenance => {
                    sections::provenance(&mut out, self, &grades)?;
                }
            }
        }
        out.push_str("</body></html>\n");
        let stem: String = title
            .chars()
            .map(|c| if c.is_alphanumeric() { c } else { '-' })
            .collect();
        Ok(Report {
            file_name: format!("report-{stem}.html"),
            html: out,
        })
    }
}

impl Project {
    /// Writes the report to a file the user chose; never over a project file.
    pub fn save_report(&self, request: &SaveReportRequest) -> ApiResult<Report> {
        let path = chosen_path(&request.path, "the report")?;
        let mut report = self.report(&request.report)?;
        report.file_name = write_chosen(&path, report.html.as_bytes())?;
        Ok(report)
    }
}

const METHODS: &str = "<h2>How the numbers are computed</h2>\
<p><strong>Accuracy</strong> is the share of the exam's active questions answered right; errors, unanswered questions and replies that need a look are not right, and stay their own columns. Its 95% interval is Wilson's [1, 3].</p>\
<p><strong>Reading a reply</strong>: a reply is read as a letter in any form people write it, else by its choice's text with what the reply says of it (\"not X — Y\", \"X is wrong\"); \"I don't know\" is no answer; a reply that cannot be read as one choice needs a look, and a person reads it by hand. Every reading is kept with the way it was made.</p>\
<p><strong>EXAM mode</strong>: a system writes one article per query without seeing the questions; a local reader answers the query's questions from the article alone. EXAM is the mean over queries of the share answered right, with its standard error over queries [1].</p>\
<p><strong>Is a difference real?</strong> One primary test decides every verdict: the exact McNemar test on the questions one system got right and the other wrong (accuracy), or the paired randomisation test (EXAM scores), with Holm's correction over the comparisons shown together. The paired bootstrap interval (10,000 resamples, seeded) shows the size of the difference. Markers: ▲/▼ p &lt; 0.01, △/▽ p &lt; 0.05, ^/v p &lt; 0.10, ◦ not significant [2].</p>\
<p><strong>Topics, Bloom levels and question types</strong>: accuracy on each group's questions. A question sits at every Bloom level whose verbs it uses; its type is its first question word [3].</p>\
<p><strong>Item Response Theory</strong>: p(θ) = c + (1 − c) / (1 + exp(−a(θ − b))) for a system of ability θ and a question of discrimination a, difficulty b and guessing floor c; abilities are expected a posteriori under N(0, 1). Test information says how precisely the exam measures at each ability; exam improvement drops the least informative questions step by step and refits [3].</p>\
<p><strong>Agreement with other leaderboards</strong>: Kendall's τ-b and Spearman's ρ, with ties within noise broken at random ten times [1].</p>\
<p><strong>ROUGE-1</strong>: F1 of the words (lower-cased, common words dropped, Porter stems) an article shares with its query's gold article, the mean over the queries with one [1]. <strong>Nuggets</strong>: each article's sentences are matched against the facts a good article states (vital or okay); POURPRE's match is the largest share of a nugget's words in one sentence; recall is over the vital nuggets, each nugget found earns 100 characters of allowance and a longer article loses precision; F(β = 3) per query, the mean over queries with a normal 95% interval [2, 4].</p>\
<p><strong>Formulations</strong>: each sample asked as the original question, a model's rewrite and a human rewrite is counted by which of them it is answered under; not answered from the human rewrite is an answering error, answered from it but not from the model's a rewriting error; the share answerable without rewriting leaves out the samples whose human rewrite is the original unchanged [5].</p>\
<h3>Papers</h3><ol class=\"note\">\
<li>Sander &amp; Dietz, EXAM: How to Evaluate Retrieve-and-Generate Systems for Users Who Do Not (Yet) Know What They Want. DESIRES 2021.</li>\
<li>Lin, The Role of Information Retrieval in Answering Complex Questions. COLING/ACL 2006.</li>\
<li>Guinet et al., Automated Evaluation of Retrieval-Augmented Language Models with Task-Specific Exam Generation. ICML 2024.</li>\
<li>Marton &amp; Katz, Using Semantic Overlap Scoring in Answering TREC Relationship Questions. LREC 2006.</li>\
<li>Vakulenko et al., A Wrong Answer or a Wrong Question? An Intricate Relationship between Question Reformulation and Answer Selection in Conversational Question Answering. SCAI 2020.</li>\
</ol>";

#[cfg(test)]
mod tests;
