//! Every table the results show, as a CSV file or an Excel workbook: the same numbers as on
//! screen (shares as numbers between 0 and 1, to format as the reader likes), text neutralised
//! against formula injection by `proctor_formats::table_export`.

use crate::dto::{
    CategoryTable, ExamAgreement, FileContent, Grades, ImprovementReport, IrtItem, IrtReport,
    Measurable, SaveTableRequest, SignificanceRequest, SignificanceTable, SittingMode, SystemGroup,
    SystemsOverview, TableFormat, TableRequest, TableSpec,
};
use crate::files::{chosen_path, file_content, file_stem, write_chosen};
use crate::{ApiError, ApiResult, ErrorCode, Project};
use proctor_formats::table_export::{Cell, TableOut, write_csv, write_xlsx};

fn group(g: SystemGroup) -> &'static str {
    match g {
        SystemGroup::Systems => "system",
        SystemGroup::Pipelines => "reference pipeline",
    }
}

fn columns(names: &[&str]) -> Vec<String> {
    names.iter().map(|&c| c.to_owned()).collect()
}

/// The leaderboard, as on the Results page.
pub fn leaderboard_table(grades: &Grades) -> TableOut {
    TableOut {
        name: "Leaderboard".into(),
        columns: columns(&[
            "Rank",
            "System",
            "Group",
            "Mode",
            "Right",
            "Wrong",
            "Unanswered",
            "Errors",
            "Needs a look",
            "Questions",
            "Accuracy",
            "95% interval, low",
            "95% interval, high",
            "Accuracy on answered",
            "EXAM",
            "EXAM standard error",
            "n-EXAM",
            "ROUGE-1 F1",
            "ROUGE-1 standard error",
        ]),
        rows: grades
            .leaderboard
            .iter()
            .map(|s| {
                vec![
                    s.rank.into(),
                    s.system.as_str().into(),
                    group(s.group).into(),
                    match s.mode {
                        SittingMode::Answers => "answers",
                        SittingMode::Exam => "EXAM",
                        SittingMode::Open => "open answers",
                    }
                    .into(),
                    s.correct.into(),
                    s.wrong.into(),
                    s.unanswered.into(),
                    s.errors.into(),
                    s.needs_look.into(),
                    s.questions.into(),
                    s.accuracy.into(),
                    s.accuracy_low.into(),
                    s.accuracy_high.into(),
                    s.accuracy_on_answered.into(),
                    s.exam.as_ref().map(|e| e.exam).into(),
                    s.exam.as_ref().map(|e| e.standard_error).into(),
                    s.exam.as_ref().and_then(|e| e.n_exam).into(),
                    s.exam.as_ref().and_then(|e| e.rouge1).into(),
                    s.exam.as_ref().and_then(|e| e.rouge1_standard_error).into(),
                ]
            })
            .collect(),
    }
}

/// EXAM beside ROUGE-1 against the gold articles, with both ranks (000's Table 4).
pub fn exam_agreement_table(table: &ExamAgreement) -> TableOut {
    TableOut {
        name: "EXAM and ROUGE-1".into(),
        columns: columns(&[
            "System",
            "EXAM",
            "EXAM standard error",
            "n-EXAM",
            "Comparable to gold",
            "EXAM rank",
            "ROUGE-1 F1",
            "ROUGE-1 standard error",
            "ROUGE-1 rank",
        ]),
        rows: table
            .rows
            .iter()
            .map(|r| {
                vec![
                    r.system.as_str().into(),
                    r.exam.exam.into(),
                    r.exam.standard_error.into(),
                    r.exam.n_exam.into(),
                    r.exam
                        .comparable_to_gold
                        .map(|c| if c { "yes" } else { "no" })
                        .into(),
                    r.exam_rank.into(),
                    r.exam.rouge1.into(),
                    r.exam.rouge1_standard_error.into(),
                    r.rouge_rank.into(),
                ]
            })
            .collect(),
    }
}

/// Accuracy per category, one column per system.
pub fn category_table(table: &CategoryTable, name: &str, what: &str) -> TableOut {
    let mut heads = vec![what.to_owned(), "Questions".to_owned()];
    heads.extend(table.systems.iter().cloned());
    TableOut {
        name: name.into(),
        columns: heads,
        rows: table
            .rows
            .iter()
            .map(|r| {
                let mut row: Vec<Cell> = vec![r.category.as_str().into(), r.items.into()];
                row.extend(r.cells.iter().map(|c| Cell::from(c.accuracy)));
                row
            })
            .collect(),
    }
}

/// Every system against the baseline, with the one verdict.
pub fn significance_table(table: &SignificanceTable) -> TableOut {
    TableOut {
        name: format!("Against {}", table.baseline),
        columns: columns(&[
            "System",
            "Group",
            "Questions compared",
            "Difference",
            "95% interval, low",
            "95% interval, high",
            "Test",
            "p",
            "Adjusted p (Holm)",
            "Family size",
            "Real",
            "Marker",
            "Verdict",
            "Wilcoxon p (secondary)",
            "Paired t p (secondary)",
        ]),
        rows: table
            .rows
            .iter()
            .map(|r| {
                vec![
                    r.system.as_str().into(),
                    group(r.group).into(),
                    r.pairs.into(),
                    r.difference.into(),
                    r.low.into(),
                    r.high.into(),
                    r.verdict.test.as_str().into(),
                    r.verdict.p_value.into(),
                    r.verdict.adjusted_p_value.into(),
                    r.verdict.family_size.into(),
                    if r.verdict.real { "yes" } else { "no" }.into(),
                    r.verdict.marker.as_str().into(),
                    r.verdict.sentence.as_str().into(),
                    r.wilcoxon_p.into(),
                    r.t_test_p.into(),
                ]
            })
            .collect(),
    }
}

/// The questions' parameters from an IRT fit.
pub fn irt_items_table(items: &[IrtItem]) -> TableOut {
    TableOut {
        name: "IRT questions".into(),
        columns: columns(&[
            "Question",
            "Discrimination a",
            "SE of a",
            "Difficulty b",
            "SE of b",
            "Guessing c",
            "SE of c",
            "Infit",
            "Outfit",
            "Point-biserial",
            "Flags",
        ]),
        rows: items
            .iter()
            .map(|i| {
                vec![
                    i.question.as_str().into(),
                    i.discrimination.into(),
                    i.discrimination_se.into(),
                    i.difficulty.into(),
                    i.difficulty_se.into(),
                    i.guessing.into(),
                    i.guessing_se.into(),
                    i.infit.into(),
                    i.outfit.into(),
                    i.point_biserial.into(),
                    i.flags.join("; ").into(),
                ]
            })
            .collect(),
    }
}

/// The systems' abilities from an IRT fit.
pub fn irt_abilities_table(fit: &IrtReport) -> TableOut {
    TableOut {
        name: "IRT abilities".into(),
        columns: columns(&[
            "System",
            "Ability θ",
            "Standard error",
            "Fitted estimate",
            "Right",
            "Responses",
            "Measurable",
        ]),
        rows: fit
            .systems
            .iter()
            .map(|s| {
                vec![
                    s.system.as_str().into(),
                    s.ability.into(),
                    s.standard_error.into(),
                    s.fitted.into(),
                    s.raw_score.into(),
                    s.responses.into(),
                    match s.measurable {
                        Measurable::Within => "yes",
                        Measurable::Above => "above the exam's range",
                        Measurable::Below => "below the exam's range",
                    }
                    .into(),
                ]
            })
            .collect(),
    }
}

/// The steps of an exam improvement.
pub fn improvement_table(report: &ImprovementReport) -> TableOut {
    TableOut {
        name: "Exam improvement".into(),
        columns: columns(&[
            "Step",
            "Questions left",
            "Dropped at this step",
            "Peak information",
            "Log-likelihood",
            "Systems after the refit, best first",
        ]),
        rows: report
            .steps
            .iter()
            .map(|s| {
                vec![
                    s.step.into(),
                    s.remaining.into(),
                    s.dropped.join(" ").into(),
                    s.information
                        .mean
                        .iter()
                        .copied()
                        .fold(f64::NEG_INFINITY, f64::max)
                        .into(),
                    s.log_likelihood.into(),
                    s.leaderboard
                        .iter()
                        .map(|a| a.system.as_str())
                        .collect::<Vec<_>>()
                        .join(" > ")
                        .into(),
                ]
            })
            .collect(),
    }
}

/// The systems with their sittings and operations, as on the Systems page.
pub fn systems_table(overview: &SystemsOverview) -> TableOut {
    TableOut {
        name: "Systems".into(),
        columns: columns(&[
            "System",
            "Kind",
            "Group",
            "Right",
            "Wrong",
            "Unanswered",
            "Errors",
            "Still to answer",
            "Questions asked over HTTP",
            "Median reply (ms)",
            "95th percentile reply (ms)",
            "Error rate",
            "Questions retried",
            "Retries",
            "Prompt tokens",
            "Completion tokens",
            "Cost per 100 questions",
        ]),
        rows: overview
            .systems
            .iter()
            .map(|s| {
                let ops = s.operations.as_ref();
                // Token counts fit a double exactly far beyond any run's size.
                #[allow(clippy::cast_precision_loss)]
                let tokens = |n: u64| Cell::Number(n as f64);
                vec![
                    s.name.as_str().into(),
                    s.kind.as_str().into(),
                    group(s.group).into(),
                    s.right.into(),
                    s.wrong.into(),
                    s.unanswered.into(),
                    s.errors.into(),
                    s.to_answer.into(),
                    ops.map(|o| o.asked).into(),
                    ops.and_then(|o| o.median_ms).into(),
                    ops.and_then(|o| o.p95_ms).into(),
                    ops.and_then(|o| o.error_rate).into(),
                    ops.map(|o| o.retried).into(),
                    ops.map(|o| o.retries).into(),
                    ops.map_or(Cell::Empty, |o| tokens(o.prompt_tokens)),
                    ops.map_or(Cell::Empty, |o| tokens(o.completion_tokens)),
                    ops.and_then(|o| o.cost_per_100).into(),
                ]
            })
            .collect(),
    }
}

fn needs(what: &str) -> ApiError {
    ApiError::new(ErrorCode::InvalidInput, what.to_owned())
}

impl Project {
    /// The table asked for, of the exam on view.
    pub fn table_out(&self, spec: &TableSpec) -> ApiResult<TableOut> {
        let fit = || {
            self.latest_irt(None)?.ok_or_else(|| {
                needs("no IRT model has been fitted on this exam yet: fit one first")
            })
        };
        Ok(match spec {
            TableSpec::Leaderboard => leaderboard_table(&self.grades(None)?),
            TableSpec::Topics => category_table(&self.grades(None)?.topics, "Topics", "Topic"),
            TableSpec::Bloom => {
                category_table(&self.grades(None)?.bloom, "Bloom levels", "Bloom level")
            }
            TableSpec::QuestionTypes => category_table(
                &self.grades(None)?.question_types,
                "Question types",
                "Question type",
            ),
            TableSpec::Significance { baseline } => {
                significance_table(&self.significance(&SignificanceRequest {
                    exam: None,
                    baseline: baseline.clone(),
                    group: None,
                })?)
            }
            TableSpec::IrtItems => irt_items_table(&fit()?.items),
            TableSpec::IrtAbilities => irt_abilities_table(&fit()?),
            TableSpec::Improvement => {
                improvement_table(&self.latest_improvement(None)?.ok_or_else(|| {
                    needs("the exam has not been improved yet: run Exam quality first")
                })?)
            }
            TableSpec::Systems => systems_table(&self.systems_overview()?),
            TableSpec::ExamAgreement => exam_agreement_table(&self.exam_agreement(None)?),
        })
    }

    fn table_bytes(&self, request: &TableRequest) -> ApiResult<(String, Vec<u8>)> {
        let table = self.table_out(&request.table)?;
        let exam = self.exam_version(None)?;
        let stem = file_stem(&format!(
            "{}-v{}-{}",
            exam.exam_name, exam.version, table.name
        ));
        Ok(match request.format {
            TableFormat::Csv => (format!("{stem}.csv"), write_csv(&table)),
            TableFormat::Xlsx => (
                format!("{stem}.xlsx"),
                write_xlsx(&table).map_err(|e| {
                    ApiError::new(
                        ErrorCode::Internal,
                        format!("the workbook could not be written: {e}"),
                    )
                })?,
            ),
        })
    }

    /// A table of the exam on view as a CSV file or an Excel workbook (the workbook as base64).
    pub fn table(&self, request: &TableRequest) -> ApiResult<FileContent> {
        let (file_name, bytes) = self.table_bytes(request)?;
        Ok(table_file(request.format, file_name, &bytes))
    }

    /// Writes a table to a file the user chose (the window's save dialog).
    pub fn save_table(&self, request: &SaveTableRequest) -> ApiResult<FileContent> {
        let path = chosen_path(&request.path, "the table")?;
        let (_, bytes) = self.table_bytes(&request.table)?;
        let file_name = write_chosen(&path, &bytes)?;
        Ok(table_file(request.table.format, file_name, &bytes))
    }
}

fn table_file(format: TableFormat, file_name: String, bytes: &[u8]) -> FileContent {
    match format {
        TableFormat::Csv => file_content(file_name, "text/csv", bytes, false),
        TableFormat::Xlsx => file_content(
            file_name,
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            bytes,
            true,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::NoProgress;

    fn number(cell: &Cell) -> Option<f64> {
        match cell {
            Cell::Number(v) => Some(*v),
            _ => None,
        }
    }

    #[test]
    fn every_table_has_the_numbers_on_screen_and_comes_as_csv_or_xlsx() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.proctor");
        crate::sample::build(&path, &NoProgress).unwrap();
        let mut project = Project::open(&path).unwrap();
        let grades = project.grades(None).unwrap();

        let board = project.table_out(&TableSpec::Leaderboard).unwrap();
        assert_eq!(board.rows.len(), grades.leaderboard.len());
        for (row, s) in board.rows.iter().zip(&grades.leaderboard) {
            assert_eq!(row[1], Cell::Text(s.system.clone()));
            assert_eq!(number(&row[8]), Some(f64::from(s.needs_look)));
            assert_eq!(number(&row[10]), s.accuracy);
            assert_eq!(number(&row[11]), s.accuracy_low);
            assert_eq!(number(&row[4]), Some(f64::from(s.correct)));
        }

        let topics = project.table_out(&TableSpec::Topics).unwrap();
        assert_eq!(topics.columns.len(), 2 + grades.topics.systems.len());
        assert_eq!(
            number(&topics.rows[0][2]),
            grades.topics.rows[0].cells[0].accuracy
        );

        let leader = grades.leaderboard[0].system.clone();
        let against = project
            .table_out(&TableSpec::Significance {
                baseline: leader.clone(),
            })
            .unwrap();
        let table = project
            .significance(&SignificanceRequest {
                exam: None,
                baseline: leader,
                group: None,
            })
            .unwrap();
        assert_eq!(against.rows.len(), table.rows.len());
        assert_eq!(
            against.rows[0][12],
            Cell::Text(table.rows[0].verdict.sentence.clone())
        );

        assert!(
            project.table_out(&TableSpec::IrtItems).is_err(),
            "no fit yet"
        );
        let fit = project
            .fit_irt(&crate::dto::IrtRequest {
                exam: None,
                settings: None,
                hierarchical: false,
                baselines: Vec::new(),
                selection: crate::dto::SystemSelection::default(),
            })
            .unwrap();
        let items = project.table_out(&TableSpec::IrtItems).unwrap();
        assert_eq!(items.rows.len(), fit.items.len());
        assert_eq!(number(&items.rows[0][3]), Some(fit.items[0].difficulty));
        let abilities = project.table_out(&TableSpec::IrtAbilities).unwrap();
        assert_eq!(number(&abilities.rows[0][1]), Some(fit.systems[0].ability));
        let systems = project.table_out(&TableSpec::Systems).unwrap();
        assert_eq!(
            systems.rows.len(),
            project.systems_overview().unwrap().systems.len()
        );

        let csv = project
            .table(&TableRequest {
                table: TableSpec::Leaderboard,
                format: TableFormat::Csv,
            })
            .unwrap();
        assert!(!csv.base64 && csv.content.starts_with("Rank,System,Group"));
        assert!(
            csv.file_name.ends_with("-Leaderboard.csv"),
            "{}",
            csv.file_name
        );
        let xlsx = project
            .table(&TableRequest {
                table: TableSpec::Topics,
                format: TableFormat::Xlsx,
            })
            .unwrap();
        assert!(
            xlsx.base64 && xlsx.content.starts_with("UEsDB"),
            "a zip (PK…)"
        );
        let file = dir.path().join("topics.xlsx");
        let saved = project
            .save_table(&SaveTableRequest {
                table: TableRequest {
                    table: TableSpec::Topics,
                    format: TableFormat::Xlsx,
                },
                path: file.display().to_string(),
            })
            .unwrap();
        assert_eq!(saved.content, xlsx.content);
        assert!(std::fs::read(&file).unwrap().starts_with(b"PK"));
    }

    #[test]
    fn a_system_named_like_a_formula_is_text_in_the_files() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.proctor");
        crate::sample::build(&path, &NoProgress).unwrap();
        let mut project = Project::open(&path).unwrap();
        let name = project.grades(None).unwrap().leaderboard[0].system.clone();
        project
            .rename_system(&crate::dto::RenameSystem {
                name,
                new_name: "=HYPERLINK(\"http://evil\",\"x\")".into(),
            })
            .unwrap();
        let csv = project
            .table(&TableRequest {
                table: TableSpec::Leaderboard,
                format: TableFormat::Csv,
            })
            .unwrap();
        let line = csv.content.lines().nth(1).unwrap();
        assert!(
            line.starts_with("1,\"'=HYPERLINK(\"\"http://evil\"\",\"\"x\"\")\","),
            "{line}"
        );
    }
}
