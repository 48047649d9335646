//! The report's tests: the sample report as reviewed, its numbers, its chosen systems.

use super::*;
use crate::NoProgress;
use sha2::Digest as _;

/// The report with its dates (when written, when each sitting ran) blanked.
fn undated(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(at) = rest.find("<time") {
        let open_end = at + rest[at..].find('>').unwrap() + 1;
        let close = open_end + rest[open_end..].find("</time>").unwrap();
        out.push_str(&rest[..open_end]);
        out.push_str("[date]");
        rest = &rest[close..];
    }
    out.push_str(rest);
    out
}

#[test]
fn the_sample_report_is_as_reviewed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.proctor");
    crate::sample::build(&path, &NoProgress).unwrap();
    let mut project = Project::open(&path).unwrap();
    project
        .fit_irt(&crate::dto::IrtRequest {
            exam: None,
            settings: None,
            hierarchical: false,
            baselines: Vec::new(),
            selection: crate::dto::SystemSelection::default(),
        })
        .unwrap();
    let report = project
        .report(&ReportRequest {
            exam: None,
            sections: Vec::new(),
            question: String::new(),
            systems: Vec::new(),
        })
        .unwrap();
    assert!(report.html.contains("data-ability"), "the fit's abilities");
    // Reviewed by eye in Chromium (README); any change to it is a change to review.
    insta::assert_snapshot!("sample_report", undated(&report.html));
}

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
            systems: Vec::new(),
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
        4,
        "the leaderboard, the radar, Bloom levels and question types (no IRT fit yet)"
    );
    assert!(html.contains("No IRT model has been fitted on this exam yet"));
    for section in [
        "<h2>Item Response Theory</h2>",
        "<h2>Exam quality</h2>",
        "<h2>The systems one by one</h2>",
        "<h2>Provenance</h2>",
    ] {
        assert!(html.contains(section), "{section}");
    }
    // The verdicts are the significance table's against the leader.
    let leader = &project.grades(None).unwrap().leaderboard[0].system;
    let table = project
        .significance(&crate::dto::SignificanceRequest {
            exam: None,
            baseline: leader.clone(),
            group: None,
        })
        .unwrap();
    for row in &table.rows {
        let at = html
            .find(&format!("data-verdict=\"{}\"", escape(&row.system)))
            .unwrap();
        let end = at + html[at..].find("</tr>").unwrap();
        assert!(
            html[at..end].contains(&escape(&row.verdict.sentence)),
            "{}",
            row.system
        );
    }
    // The exam's hash is its JSON export's.
    let json = project
        .export_exam(&crate::dto::ExportRequest {
            exam: None,
            version: None,
            format: crate::dto::ExamFileFormat::Json,
        })
        .unwrap();
    let hash = format!("{:x}", sha2::Sha256::digest(json.content.as_bytes()));
    assert!(html.contains(&format!("<code data-exam-hash>{hash}</code>")));
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
    // The article writers' nugget scores are the Nuggets view's, with its verdicts; the
    // formulation break-down is there with its attribution.
    let board = project
        .nugget_board(&crate::dto::NuggetRequest {
            method: crate::dto::NuggetMethod::Pourpre,
            all_vital: false,
            threshold: 0.5,
            baseline: None,
        })
        .unwrap();
    assert_eq!(board.systems.len(), 2);
    for s in &board.systems {
        let at = html
            .find(&format!("data-writer=\"{}\"", escape(&s.system)))
            .unwrap();
        assert!(html[at..].contains(&format!("data-nugget=\"{}\"", s.mean)));
        if let Some(v) = &s.verdict {
            assert!(html.contains(&escape(&v.sentence)), "{}", s.system);
        }
    }
    assert!(
        html.contains("<h2>Formulations</h2>")
            && html.contains("Answerable without rewriting: 30.0%.")
    );
    let only = project
        .report(&ReportRequest {
            exam: None,
            sections: vec![ReportSection::Leaderboard],
            question: String::new(),
            systems: Vec::new(),
        })
        .unwrap();
    assert!(!only.html.contains("<h2>Topics</h2>") && only.html.contains("<h2>Leaderboard</h2>"));
}

/// The sample with two reference pipelines that beat every system of the analyst's: one
/// with a retriever, right on every question, and closed book, right on every other one.
fn with_pipelines(path: &std::path::Path) -> Project {
    use proctor_core::{Outcome, RunMode, SystemKind};
    crate::sample::build(path, &NoProgress).unwrap();
    let mut project = Project::open(path).unwrap();
    let version = project.exam_version(None).unwrap();
    let questions = project.store.questions(version.id).unwrap();
    let tx = project.store.transaction().unwrap();
    for (name, retriever, every) in [
        ("bm25 · lexical · top 3", "bm25", 1),
        ("closed book · lexical", "closed book", 2),
    ] {
        let system = tx.system_id(name, SystemKind::Pipeline).unwrap();
        tx.set_factor(system, "retriever", retriever).unwrap();
        let run = tx
            .create_run(Some(system), RunMode::Answers, version.id, "pipeline")
            .unwrap();
        let responses: Vec<_> = questions
            .iter()
            .enumerate()
            .map(|(i, q)| {
                let choice = if i % every == 0 {
                    q.key
                } else {
                    (q.key + 1) % q.choices.len()
                };
                proctor_store::NewResponse::new(q.id, Outcome::Chosen(choice), None)
            })
            .collect();
        tx.insert_responses(run, &responses).unwrap();
    }
    tx.commit().unwrap();
    project
}

#[test]
fn every_page_opens_on_the_analysts_own_systems() {
    let dir = tempfile::tempdir().unwrap();
    let project = with_pipelines(&dir.path().join("s.proctor"));
    let grades = project.grades(None).unwrap();
    // The pipelines lead the leaderboard …
    assert_eq!(grades.leaderboard[0].system, "bm25 · lexical · top 3");
    // … but the pages open on the analyst's systems, best first: Compare two takes the
    // first two.
    let own: Vec<&str> = grades
        .leaderboard
        .iter()
        .filter(|s| s.group == crate::dto::SystemGroup::Systems)
        .map(|s| s.system.as_str())
        .collect();
    assert_eq!(grades.focus, own);
    assert_eq!(&grades.focus[..2], ["Atlas RAG", "Beacon Search"]);
    assert!(grades.focus.iter().all(|s| !s.contains("lexical")));
    // Their charts draw them by default.
    let chart = project
        .chart_series(&crate::dto::ChartSpec::Topics {
            systems: Vec::new(),
        })
        .unwrap();
    let proctor_charts::Chart::Radar(radar) = chart else {
        panic!("the topics chart is a radar");
    };
    let drawn: Vec<&str> = radar.series.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(drawn, &own[..drawn.len()]);
}

#[test]
fn the_report_covers_the_chosen_systems_head_to_head() {
    let dir = tempfile::tempdir().unwrap();
    let project = with_pipelines(&dir.path().join("s.proctor"));
    let report = |systems: &[&str]| {
        project.report(&ReportRequest {
            exam: None,
            sections: Vec::new(),
            question: "Beacon Search or Cobalt Assist?".into(),
            systems: systems.iter().map(|s| (*s).to_owned()).collect(),
        })
    };
    let two = report(&["Cobalt Assist", "Beacon Search"]).unwrap().html;
    // The tables are the two systems' only, ranked among themselves …
    let rows: Vec<&str> = two
        .split("<tr data-system=\"")
        .skip(1)
        .map(|r| &r[..r.find('"').unwrap()])
        .collect();
    assert_eq!(rows, ["Beacon Search", "Cobalt Assist"]);
    assert!(!two.contains("data-verdict=\"Atlas RAG\""));
    // … the pipelines one line of context …
    let context = &two[two.find("data-context").unwrap()..];
    let context = &context[..context.find("</p>").unwrap()];
    assert!(
        context.contains("closed book (no documents) 50.0%")
            && context.contains("the best retrieval pipeline, bm25 · lexical · top 3, 100.0%"),
        "{context}"
    );
    // … and the pair head to head, with the verdict Compare two gives.
    assert_eq!(two.matches("<section class=\"pair\"").count(), 1);
    let verdict = project
        .compare(&crate::dto::CompareRequest {
            exam: None,
            first: "Cobalt Assist".into(),
            second: "Beacon Search".into(),
        })
        .unwrap()
        .verdict
        .sentence;
    assert!(two.contains(&escape(&verdict)), "{verdict}");
    assert!(two.contains("<th>Topic</th>") && two.contains("<th>Bloom level</th>"));
    assert!(two.contains("Where they differ"));
    assert!(two.contains("2 of the 9 systems that sat it"));

    // By default: the analyst's own, every pipeline left to the context line.
    let own = report(&[]).unwrap().html;
    assert!(!own.contains("<tr data-system=\"bm25"));
    assert!(own.contains("<tr data-system=\"Atlas RAG\"><td class=\"num\">1</td>"));
    // A system that did not sit the exam is refused, by name.
    let err = report(&["Nobody"]).unwrap_err();
    assert!(err.message.contains("\"Nobody\""), "{}", err.message);
}
