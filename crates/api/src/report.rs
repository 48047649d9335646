//! The report to hand over: one self-contained HTML file (no script, no external resource, CSS
//! and SVG inline, printable to PDF) with the sections chosen — the question asked, the exam,
//! the leaderboard, topics, Bloom levels, the methods and the provenance. Its numbers are the
//! grades' (the numbers on screen), and its charts the same series the app draws.

use crate::charts::{leaderboard_chart, radar_chart};
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

fn pct(v: Option<f64>) -> String {
    v.map_or_else(|| "–".to_owned(), |v| format!("{:.1}%", v * 100.0))
}

const STYLE: &str = "body{font-family:'DejaVu Sans',Verdana,sans-serif;color:#1d2733;max-width:60rem;margin:2rem auto;padding:0 1.5rem;line-height:1.45}\
h1{font-size:1.6rem;margin-bottom:.2rem}h2{font-size:1.2rem;margin-top:2rem;border-bottom:1px solid #dde3ea;padding-bottom:.2rem;break-after:avoid}\
table{border-collapse:collapse;width:100%;font-size:.88rem;margin:.6rem 0;break-inside:avoid}th,td{text-align:left;padding:.3rem .5rem;border-bottom:1px solid #edf1f5}\
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}.sub{color:#5b6978}figure{margin:1rem 0;break-inside:avoid}figure svg{max-width:100%;height:auto}\
.note{color:#5b6978;font-size:.85rem}@media print{body{margin:0;max-width:none}}";

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

fn figure(out: &mut String, chart: Option<proctor_charts::Chart>, caption: &str) -> ApiResult<()> {
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

fn leaderboard(out: &mut String, grades: &Grades) -> ApiResult<()> {
    out.push_str("<h2>Leaderboard</h2>");
    figure(
        out,
        Some(leaderboard_chart(grades)),
        "Accuracy with its 95% interval (Wilson); ▲ marks a reference pipeline's reader ceiling.",
    )?;
    out.push_str("<table><thead><tr><th class=\"num\">Rank</th><th>System</th><th class=\"num\">Right</th><th class=\"num\">Wrong</th><th class=\"num\">Unanswered</th><th class=\"num\">Errors</th><th class=\"num\">Accuracy</th><th>95% interval</th></tr></thead><tbody>");
    for s in &grades.leaderboard {
        let _ = write!(
            out,
            "<tr data-system=\"{}\"><td class=\"num\">{}</td><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\" data-accuracy=\"{}\">{}</td><td>{} – {}</td></tr>",
            escape(&s.system),
            s.rank,
            escape(&s.system),
            s.correct,
            s.wrong,
            s.unanswered,
            s.errors,
            s.accuracy.map_or_else(String::new, |a| a.to_string()),
            pct(s.accuracy),
            pct(s.accuracy_low),
            pct(s.accuracy_high),
        );
    }
    out.push_str("</tbody></table>");
    Ok(())
}

impl Project {
    /// The report of the exam on view with the sections asked for (all when none are).
    pub fn report(&self, request: &ReportRequest) -> ApiResult<Report> {
        let grades = self.grades(request.exam.as_deref())?;
        let sections: Vec<ReportSection> = if request.sections.is_empty() {
            ReportSection::ALL.to_vec()
        } else {
            request.sections.clone()
        };
        let title = format!("{}, version {}", grades.exam.exam, grades.exam.version);
        let mut out = String::with_capacity(64 * 1024);
        let _ = write!(
            out,
            "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title><style>{STYLE}</style></head><body><h1>{}</h1><p class=\"sub\">{} questions · {} systems</p>",
            escape(&format!("Proctor report — {title}")),
            escape(&title),
            grades.questions,
            grades.leaderboard.len()
        );
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
                ReportSection::Leaderboard => leaderboard(&mut out, &grades)?,
                ReportSection::Topics => {
                    out.push_str("<h2>Topics</h2>");
                    let systems: Vec<String> =
                        grades.topics.systems.iter().take(3).cloned().collect();
                    figure(
                        &mut out,
                        radar_chart(&grades.topics, "Accuracy per topic", &systems),
                        "The three best systems; topics with fewer than five questions are left off.",
                    )?;
                    category_table(&mut out, &grades.topics, "Topic");
                }
                ReportSection::Bloom => {
                    out.push_str("<h2>Bloom levels and question types</h2>");
                    category_table(&mut out, &grades.bloom, "Bloom level");
                    category_table(&mut out, &grades.question_types, "Question type");
                }
                ReportSection::Methods => out.push_str(METHODS),
                ReportSection::Provenance => {
                    let runs = self
                        .store
                        .runs(self.exam_version(request.exam.as_deref())?.id)?;
                    let _ = write!(
                        out,
                        "<h2>Provenance</h2><p>Written by Proctor {} from exam '{}' version {}.</p><ul>",
                        env!("CARGO_PKG_VERSION"),
                        escape(&grades.exam.exam),
                        grades.exam.version
                    );
                    let systems = self.store.systems()?;
                    for run in runs {
                        let name = run
                            .system
                            .and_then(|id| systems.iter().find(|s| s.id == id))
                            .map_or("gold articles", |s| s.name.as_str());
                        // A set-up names no address: an endpoint's is kept out of the report.
                        let setup = run.source.as_deref().unwrap_or("imported");
                        let setup = if setup.starts_with("endpoint ") {
                            "an HTTP endpoint"
                        } else {
                            setup
                        };
                        let _ = write!(
                            out,
                            "<li>{} ({}): {}</li>",
                            escape(name),
                            run.mode.as_str(),
                            escape(setup)
                        );
                    }
                    out.push_str("</ul>");
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
<p><strong>Accuracy</strong> is the share of the exam's active questions answered right; errors and unanswered questions are not right. Its 95% interval is Wilson's (Sander &amp; Dietz 2021; Guinet et al. 2024).</p>\
<p><strong>EXAM mode</strong>: a system writes one article per query; a local reader answers the query's questions from the article alone (Sander &amp; Dietz 2021).</p>\
<p><strong>Topics and Bloom levels</strong>: accuracy on the questions of each category; a question can sit at several Bloom levels (Guinet et al. 2024).</p>\
<p><strong>Is a difference real?</strong> Paired tests over the same questions with Holm's correction (METHODS §9).</p>";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::NoProgress;

    #[test]
    fn the_report_is_self_contained_and_its_numbers_are_the_grades() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.proctor");
        crate::sample::build(&path, &NoProgress).unwrap();
        let project = Project::open(&path).unwrap();
        let report = project
            .report(&ReportRequest {
                exam: None,
                sections: Vec::new(),
                question: "Which <vendor> should we buy?".into(),
            })
            .unwrap();
        let html = &report.html;
        assert!(html.starts_with("<!DOCTYPE html>"));
        assert!(!html.to_lowercase().contains("<script"));
        for external in ["src=\"http", "href=\"http", "url(", "@import"] {
            assert!(!html.contains(external), "{external}");
        }
        assert!(html.contains("Which &lt;vendor&gt; should we buy?"));
        assert_eq!(
            html.matches("<svg").count(),
            2,
            "the leaderboard and the radar"
        );
        let grades = project.grades(None).unwrap();
        for s in &grades.leaderboard {
            let row = format!("data-system=\"{}\"", escape(&s.system));
            let at = html
                .find(&row)
                .unwrap_or_else(|| panic!("{} is in the report", s.system));
            let accuracy = s.accuracy.map_or_else(String::new, |a| a.to_string());
            assert!(
                html[at..].contains(&format!("data-accuracy=\"{accuracy}\"")),
                "{}",
                s.system
            );
        }
        let only = project
            .report(&ReportRequest {
                exam: None,
                sections: vec![ReportSection::Leaderboard],
                question: String::new(),
            })
            .unwrap();
        assert!(
            !only.html.contains("<h2>Topics</h2>") && only.html.contains("<h2>Leaderboard</h2>")
        );
    }
}
