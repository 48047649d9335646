//! The one table of use cases every door is derived from.
//!
//! Each line of [`use_cases!`] names a [`Workbench`] method, its request and its answer, and
//! whether it starts a job. From that one line come the JSON dispatch ([`Workbench::call`], which
//! `proctor serve` exposes as `POST /api/<name>` and the desktop window as its one `call`
//! command), the list [`USE_CASES`] the doors' tests check themselves against, and the generated
//! TypeScript client ([`typescript_client`], written to `ui/src/lib/backend/client.ts`). Adding a
//! use case is one facade method and one line here.

use crate::dto::{
    AddModelRequest, CompareRequest, Comparison, CorrelateRequest, CorrelationReport, GridRequest,
    ImportRequest, ImproveRequest, ImprovementReport, IngestRequest, IrtReport, IrtRequest,
    IrtSettings, JobId, JobStatus, ModelName, ModelSelfTest, ModelsReport, PipelineInfo,
    PipelinesOverview, ProjectPath, ProjectSummary, ReaderCheck, ReaderCheckRequest, RunRequest,
    SignificanceRequest, SignificanceTable, UserModelInfo,
};
use crate::dto::{
    AnswerSheet, DeletedSystemInfo, DraftChange, ExamRef, FreezeReport, QuestionEdit, Relabel,
    RenameTopic, SystemName, VersionRef,
};
use crate::dto::{
    BuildArticlesReport, BuildArticlesRequest, ExamAgreement, MmrSweep, MmrSweepRequest,
};
use crate::dto::{
    CatCheck, CatCheckRequest, FitResponsesRequest, ResponsesFit, SaveTableRequest, TableRequest,
};
use crate::dto::{
    ChartRequest, ChartSpec, FileContent, Report, ReportRequest, SaveChartRequest,
    SaveReportRequest,
};
use crate::dto::{
    DocumentRef, DocumentView, DocumentsOverview, QuestionRequest, QuestionTable, QuestionView,
    QuestionsRequest, ReadArticlesRequest, RenameSystem, SecretName, SecretRequest, SecretStatus,
    SystemTags, SystemsOverview,
};
use crate::dto::{
    EndpointRunRequest, EndpointSystem, EndpointView, ExchangeRef, ExchangeView, SaveExamRequest,
    TryReport, TryRequest,
};
use crate::dto::{
    ExportRequest, ExportedExam, GenerateRequest, GeneratedDetail, GeneratedEdit, GeneratedExam,
    GeneratedReadingRequest, GeneratedRef, ReviewReport, ReviewRequest,
};
use crate::dto::{
    FormulationBreakdown, FormulationRequest, NuggetArticle, NuggetArticleRequest, NuggetBoard,
    NuggetRequest, SentenceFeatures, SentenceFeaturesRequest,
};
use crate::{ApiError, ApiResult, ErrorCode, Workbench};
use proctor_charts::Chart;
use proctor_models::vendor::Preset;
use serde_json::Value;
use std::fmt::Write as _;
use ts_rs::TS;

/// One use case as the doors see it.
#[derive(Debug, Clone, Copy)]
pub struct UseCase {
    /// Its name: the facade method, the HTTP route `/api/<name>`, the client's function.
    pub name: &'static str,
    /// The TypeScript type of its request (`null` when it takes none).
    pub request: fn() -> String,
    /// The TypeScript type of its answer.
    pub response: fn() -> String,
    /// Whether it starts a background job (its answer is the job's first status).
    pub job: bool,
    /// What it does, one sentence.
    pub doc: &'static str,
}

fn decode<T: serde::de::DeserializeOwned>(name: &str, request: Value) -> ApiResult<T> {
    serde_json::from_value(request).map_err(|e| {
        ApiError::new(
            ErrorCode::InvalidInput,
            format!("the request to \"{name}\" is malformed: {e}"),
        )
    })
}

fn encode<T: serde::Serialize>(answer: &T) -> ApiResult<Value> {
    serde_json::to_value(answer).map_err(|e| {
        ApiError::new(
            ErrorCode::Internal,
            format!("the answer could not be written: {e}"),
        )
    })
}

macro_rules! use_cases {
    ($( #[doc = $doc:literal] $name:ident ( $request:ty ) -> $response:ty $(, $job:ident)? ; )*) => {
        /// Every use case, in the order the client lists them.
        pub const USE_CASES: &[UseCase] = &[$(UseCase {
            name: stringify!($name),
            request: <$request as TS>::name,
            response: <$response as TS>::name,
            job: use_cases!(@job $($job)?),
            doc: $doc.trim_ascii(),
        }),*];

        impl Workbench {
            /// Runs the use case `name` on a JSON request and answers in JSON: what every door
            /// calls. An unknown name is `not_found`; a request of the wrong shape is
            /// `invalid_input` naming the field.
            pub fn call(&self, name: &str, request: Value) -> ApiResult<Value> {
                match name {
                    $(stringify!($name) => encode(&self.$name(decode::<$request>(name, request)?)?),)*
                    other => Err(ApiError::new(
                        ErrorCode::NotFound,
                        format!("Proctor has no use case called \"{other}\""),
                    )),
                }
            }
        }
    };
    (@job job) => { true };
    (@job) => { false };
}

use_cases! {
    /// The current project's summary.
    summary(()) -> ProjectSummary;
    /// Opens a project file and makes it current.
    open_project(ProjectPath) -> ProjectSummary;
    /// Creates an empty project file and makes it current.
    create_project(ProjectPath) -> ProjectSummary;
    /// Opens the sample project (built on first use).
    open_sample(()) -> ProjectSummary;
    /// Every document with its topic, size and chunks.
    documents(()) -> DocumentsOverview;
    /// One document with its extracted text.
    document(DocumentRef) -> DocumentView;
    /// The exam as a table, with how the systems did on each question.
    questions(QuestionsRequest) -> QuestionTable;
    /// One question with its passage, curve and every system's answer.
    question(QuestionRequest) -> QuestionView;
    /// Every system with its kind, tags and what it still has to answer.
    systems(()) -> SystemsOverview;
    /// Renames a system.
    rename_system(RenameSystem) -> SystemsOverview;
    /// Replaces a system's factor tags.
    tag_system(SystemTags) -> SystemsOverview;
    /// Puts an exam version on view: every page shows it.
    view_version(VersionRef) -> ProjectSummary;
    /// Changes what a question asks, in the exam's draft.
    edit_question(QuestionEdit) -> DraftChange;
    /// Adds a question to the exam's draft.
    add_question(QuestionEdit) -> DraftChange;
    /// Takes a question out of the exam's draft.
    retire_question(QuestionRequest) -> DraftChange;
    /// Sets a question's topic, Bloom levels or type.
    relabel_question(Relabel) -> QuestionView;
    /// Freezes the exam's draft, carrying over answers to unchanged questions.
    freeze_draft(ExamRef) -> FreezeReport;
    /// Throws the exam's draft away.
    discard_draft(ExamRef) -> ProjectSummary;
    /// Deletes a system with its answers (undo: restore_system).
    delete_system(SystemName) -> DeletedSystemInfo;
    /// Puts back a system deleted since the project was opened.
    restore_system(SystemName) -> SystemsOverview;
    /// A system's answers on the version on view, question by question.
    answer_sheet(SystemName) -> AnswerSheet;
    /// Renames a topic, or merges it into another.
    rename_topic(RenameTopic) -> DocumentsOverview;
    /// Imports a file or folder into the current project (all or nothing).
    start_import(ImportRequest) -> JobStatus, job;
    /// Compares two systems question by question.
    compare(CompareRequest) -> Comparison;
    /// Agreement of the leaderboard with another one.
    correlate(CorrelateRequest) -> CorrelationReport;
    /// EXAM beside ROUGE-1 against the gold articles, and their rank agreement.
    exam_agreement(ExamRef) -> ExamAgreement;
    /// Every system of a group against a baseline, with the one verdict.
    significance(SignificanceRequest) -> SignificanceTable;
    /// What the built-in pipelines need and have.
    pipelines(()) -> PipelinesOverview;
    /// Adds the reference pipelines (retrievers × readers × top-k).
    add_pipeline_grid(GridRequest) -> Vec<PipelineInfo>;
    /// Prepares the corpus: chunks, embeddings, search index.
    start_ingest(IngestRequest) -> JobStatus, job;
    /// Lets the built-in pipelines sit the exam.
    start_run(RunRequest) -> JobStatus, job;
    /// Checks whether the readers read: each with and without the questions' passages.
    start_reader_check(ReaderCheckRequest) -> JobStatus, job;
    /// Grades EXAM mode here: a local reader answers each query's questions from the articles.
    start_read_articles(ReadArticlesRequest) -> JobStatus, job;
    /// Writes a baseline EXAM-mode system: an extractive article per query from the corpus.
    build_articles(BuildArticlesRequest) -> BuildArticlesReport;
    /// MMR's λ swept from 0 to 1: EXAM (lexical reader) and ROUGE-1 at each, nothing stored.
    mmr_sweep(MmrSweepRequest) -> MmrSweep;
    /// A query's candidate sentences with the features the writers rank them by.
    sentence_features(SentenceFeaturesRequest) -> SentenceFeatures;
    /// Every system's articles scored against the reference nuggets, with the one verdict.
    nugget_board(NuggetRequest) -> NuggetBoard;
    /// One article with the query's nuggets marked where they were found.
    nugget_article(NuggetArticleRequest) -> NuggetArticle;
    /// The formulation break-down of the project's samples.
    formulation_breakdown(FormulationRequest) -> FormulationBreakdown;
    /// The reader check from the sittings already there.
    reader_check(ExamRef) -> ReaderCheck;
    /// Generates questions from the prepared corpus and checks them.
    start_generate(GenerateRequest) -> JobStatus, job;
    /// Reads the generated questions with a reader, with and without their passages.
    start_read_generated(GeneratedReadingRequest) -> JobStatus, job;
    /// The generated questions of an exam with their quality (the review queue).
    generated(ExamRef) -> GeneratedExam;
    /// One generated question with its source, edits and provenance.
    generated_question(GeneratedRef) -> GeneratedDetail;
    /// Accepts (into the draft), rejects or reinstates generated questions.
    review_generated(ReviewRequest) -> ReviewReport;
    /// Edits a generated question, recording the edit.
    edit_generated(GeneratedEdit) -> GeneratedDetail;
    /// The report of the exam on view: one self-contained HTML file.
    report(ReportRequest) -> Report;
    /// Writes the report to a file the user chose (the window's save dialog).
    save_report(SaveReportRequest) -> Report;
    /// The series of a chart of the exam on view: what the page draws and the files render.
    chart_series(ChartSpec) -> Chart;
    /// A chart of the exam on view as an SVG or PNG file.
    chart(ChartRequest) -> FileContent;
    /// Writes a chart to a file the user chose (the window's save dialog).
    save_chart(SaveChartRequest) -> FileContent;
    /// A table of the exam on view as a CSV file or an Excel workbook.
    table(TableRequest) -> FileContent;
    /// Fits an IRT model to a response-matrix file, without a project.
    fit_responses(FitResponsesRequest) -> ResponsesFit;
    /// Checks adaptive exams of a share of the questions against the whole exam.
    cat_check(CatCheckRequest) -> CatCheck;
    /// Writes a table to a file the user chose (the window's save dialog).
    save_table(SaveTableRequest) -> FileContent;
    /// Writes an exam version to a file the user chose (the window's save dialog).
    save_exam(SaveExamRequest) -> ExportedExam;
    /// The ready-made endpoint configurations.
    endpoint_presets(()) -> Vec<Preset>;
    /// Creates an endpoint system, or changes its configuration.
    save_endpoint(EndpointSystem) -> EndpointView;
    /// An endpoint system's configuration and whether its secrets can be read.
    endpoint(SystemName) -> EndpointView;
    /// Sends one question with a configuration and shows what came back (nothing stored).
    try_endpoint(TryRequest) -> TryReport;
    /// Lets endpoint systems sit the exam (or write their articles), resuming.
    start_endpoint_run(EndpointRunRequest) -> JobStatus, job;
    /// The request and raw reply behind one answer of an endpoint system.
    exchange(ExchangeRef) -> ExchangeView;
    /// An exam version written out as CSV, JSON or auto-rag-eval's exam.json.
    export_exam(ExportRequest) -> ExportedExam;
    /// Where a background job stands.
    job(JobId) -> JobStatus;
    /// Asks a background job to stop after its current batch.
    cancel_job(JobId) -> JobStatus;
    /// The jobs of this session, newest first.
    jobs(()) -> Vec<JobStatus>;
    /// The last IRT model fitted on the exam on view, if any.
    latest_irt(()) -> Option<IrtReport>;
    /// Fits an IRT model and keeps it.
    fit_irt(IrtRequest) -> IrtReport;
    /// The project's IRT setting, used by every panel.
    irt_settings(()) -> IrtSettings;
    /// Sets the project's IRT setting.
    set_irt_settings(IrtSettings) -> IrtSettings;
    /// Drops the weakest questions step by step, refitting each time.
    improve_exam(ImproveRequest) -> ImprovementReport;
    /// What the local models folder holds, and the user's models.
    models(()) -> ModelsReport;
    /// Adds the user's own ONNX model after its self-test.
    add_model(AddModelRequest) -> ModelSelfTest;
    /// Runs a user model's self-test again.
    test_model(ModelName) -> ModelSelfTest;
    /// Removes a model the user added.
    remove_model(ModelName) -> UserModelInfo;
    /// Keeps an API key in the OS keychain under an entry settings can name.
    save_secret(SecretRequest) -> SecretStatus;
    /// Whether a keychain entry holds a key (masked).
    secret(SecretName) -> SecretStatus;
    /// Removes a keychain entry.
    forget_secret(SecretName) -> SecretStatus;
}

/// Where the generated client lives, relative to the workspace root.
pub const CLIENT_PATH: &str = "ui/src/lib/backend/client.ts";

fn camel(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut upper = false;
    for c in name.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

/// The type names a TypeScript type expression uses that `types.ts` declares.
fn declared_names(expression: &str, into: &mut std::collections::BTreeSet<String>) {
    for word in expression.split(|c: char| !c.is_ascii_alphanumeric() && c != '_') {
        if word.starts_with(|c: char| c.is_ascii_uppercase()) && word != "Array" {
            into.insert(word.to_owned());
        }
    }
}

/// The generated TypeScript client: one typed function per use case over a transport that
/// sends `(name, request)` and returns the JSON answer.
pub fn typescript_client() -> String {
    let mut names = std::collections::BTreeSet::new();
    for case in USE_CASES {
        declared_names(&(case.request)(), &mut names);
        declared_names(&(case.response)(), &mut names);
    }
    let mut out = String::from(
        "// Generated from the use-case table in crates/api/src/doors.rs.\n\
         // Do not edit: run `UPDATE_BINDINGS=1 cargo test -p proctor-api bindings` instead.\n\n",
    );
    out.push_str("import type {\n");
    for name in &names {
        let _ = writeln!(out, "  {name},");
    }
    out.push_str("} from \"./types\";\n\n");
    out.push_str(
        "/** Sends one use case's request and resolves to its answer (or rejects with an ApiError). */\n\
         export type Transport = (name: string, request: unknown) => Promise<unknown>;\n\n",
    );
    out.push_str("/** Every use case with whether it starts a background job. */\nexport const USE_CASES = {\n");
    for case in USE_CASES {
        let _ = writeln!(out, "  {}: {{ job: {} }},", case.name, case.job);
    }
    out.push_str("} as const;\n\n");
    out.push_str("/** The typed functions, one per use case. */\nexport function client(send: Transport) {\n  return {\n");
    for case in USE_CASES {
        let request = (case.request)();
        let response = (case.response)();
        let _ = writeln!(out, "    /** {} */", case.doc);
        if request == "null" {
            let _ = writeln!(
                out,
                "    {}: () => send(\"{}\", null) as Promise<{response}>,",
                camel(case.name),
                case.name
            );
        } else {
            let _ = writeln!(
                out,
                "    {}: (request: {request}) => send(\"{}\", request) as Promise<{response}>,",
                camel(case.name),
                case.name
            );
        }
    }
    out.push_str("  };\n}\n\n/** The generated client's type. */\nexport type Client = ReturnType<typeof client>;\n");
    out
}
