//! The one table of use cases every door is derived from.
//!
//! Each line of [`use_cases!`] is one use case: its doc sentence, its name, its request and its
//! answer, and how it runs —
//!
//! - `= project f` — on the open project: `f(&mut Project, &Request)` (or `f(&Project)` when the
//!   line takes no request);
//! - `= job("Title") f` — a background job on its own connection to the project, with progress
//!   and Stop: `f(&mut Project, &Request, &dyn Progress)`; the title may be `|request| …`;
//! - `= free f` — needs no project: `f(&Request)` (or `f()`);
//! - `= workbench` — the workbench's own state (which project is open, its jobs): a method
//!   written by hand in `workbench/mod.rs`.
//!
//! From that one line come the [`Workbench`] method and its doc, the JSON dispatch
//! ([`Workbench::call`], which `proctor serve` exposes as `POST /api/<name>` and the desktop
//! window as its one `call` command), the list [`USE_CASES`] the doors' tests check themselves
//! against, the generated TypeScript client ([`typescript_client`], written to
//! `ui/src/lib/backend/client.ts`) and the TypeScript types (walked from the requests and answers
//! named here, [`super::bindings`]). Adding a use case is one function in its feature's folder
//! and one line here.

use super::jobs::Outcome;
use crate::dto::{
    AddModelRequest, AnswerSheet, BuildArticlesReport, BuildArticlesRequest, CatCheck,
    CatCheckRequest, ChartRequest, ChartSpec, CompareRequest, Comparison, CorrelateRequest,
    CorrelationReport, DeletedSystemInfo, DocumentRef, DocumentView, DocumentsOverview,
    DocumentsTopic, DraftChange, EndpointRunRequest, EndpointSystem, EndpointView, ExamAgreement,
    ExamRef, ExchangeRef, ExchangeView, ExportRequest, ExportedExam, FileContent,
    FitResponsesRequest, FormulationBreakdown, FormulationRequest, FreezeReport, GenerateRequest,
    GeneratedDetail, GeneratedEdit, GeneratedExam, GeneratedReadingRequest, GeneratedRef,
    GridRequest, ImportRequest, ImproveRequest, ImprovementReport, IngestRequest, IrtReport,
    IrtRequest, IrtSettings, JobId, JobStatus, MmrSweep, MmrSweepRequest, ModelName, ModelSelfTest,
    ModelsReport, NuggetArticle, NuggetArticleRequest, NuggetBoard, NuggetRequest, PipelineInfo,
    PipelinesOverview, ProjectPath, ProjectSummary, QuestionEdit, QuestionRequest, QuestionTable,
    QuestionView, QuestionsRequest, ReadArticlesRequest, ReadReply, ReaderCheck,
    ReaderCheckRequest, Relabel, RenameSystem, RenameTopic, Report, ReportRequest, ResponsesFit,
    ReviewReport, ReviewRequest, RunRequest, SaveChartRequest, SaveExamRequest, SaveReportRequest,
    SaveTableRequest, SecretName, SecretRequest, SecretStatus, SentenceFeatures,
    SentenceFeaturesRequest, SignificanceRequest, SignificanceTable, SystemName, SystemTags,
    SystemsOverview, TableRequest, TryReport, TryRequest, UserModelInfo, VersionRef,
};
use crate::{ApiError, ApiResult, ErrorCode, Project, Workbench};
use crate::{grading, irt, models, pipelines, reply_model, responses, vendors, versions};
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
    ($( #[doc = $doc:literal] $name:ident ( $($request:ty)? ) -> $response:ty = $kind:ident $( ( $($arg:tt)* ) )? $($function:path)? ; )*) => {
        /// Every use case, in the order the client lists them.
        pub const USE_CASES: &[UseCase] = &[$(UseCase {
            name: stringify!($name),
            request: <use_cases!(@request $($request)?) as TS>::name,
            response: <$response as TS>::name,
            job: use_cases!(@is_job $kind),
            doc: $doc.trim_ascii(),
        }),*];

        /// Walks every request and answer type of the table (and, through them, every type they
        /// name) with `visitor`: the TypeScript types are these.
        pub(super) fn visit_types(visitor: &mut impl ts_rs::TypeVisitor) {
            $( visitor.visit::<use_cases!(@request $($request)?)>(); visitor.visit::<$response>(); )*
        }

        #[allow(
            clippy::needless_pass_by_value,
            reason = "every use case takes its request by value: the one dispatch calls them alike"
        )]
        impl Workbench {
            $( use_cases!(@method #[doc = $doc] $name ( $($request)? ) -> $response = $kind $( ( $($arg)* ) )? $($function)? ); )*

            /// Runs the use case `name` on a JSON request and answers in JSON: what every door
            /// calls. An unknown name is `not_found`; a request of the wrong shape is
            /// `invalid_input` naming the field.
            pub fn call(&self, name: &str, request: Value) -> ApiResult<Value> {
                match name {
                    $(stringify!($name) => encode(&self.$name(
                        decode::<use_cases!(@request $($request)?)>(name, request)?,
                    )?),)*
                    other => Err(ApiError::new(
                        ErrorCode::NotFound,
                        format!("Proctor has no use case called \"{other}\""),
                    )),
                }
            }
        }
    };
    (@request $request:ty) => { $request };
    (@request) => { () };
    (@is_job job) => { true };
    (@is_job $other:ident) => { false };
    (@title $request:ident, $title:literal) => { String::from($title) };
    (@title $request:ident, |$r:ident| $title:expr) => {{ let $r = &$request; $title }};
    (@method #[doc = $doc:literal] $name:ident ( $request:ty ) -> $response:ty = project $function:path) => {
        #[doc = $doc]
        pub fn $name(&self, request: $request) -> ApiResult<$response> {
            self.with_project(|project| $function(project, &request))
        }
    };
    (@method #[doc = $doc:literal] $name:ident ( ) -> $response:ty = project $function:path) => {
        #[doc = $doc]
        pub fn $name(&self, (): ()) -> ApiResult<$response> {
            self.with_project(|project| $function(project))
        }
    };
    (@method #[doc = $doc:literal] $name:ident ( $request:ty ) -> $response:ty = job ( $($title:tt)* ) $function:path) => {
        #[doc = $doc]
        pub fn $name(&self, request: $request) -> ApiResult<$response> {
            let title = use_cases!(@title request, $($title)*);
            self.start_job(&title, move |project, progress| {
                $function(project, &request, progress).map(Outcome::from)
            })
        }
    };
    (@method #[doc = $doc:literal] $name:ident ( $request:ty ) -> $response:ty = free $function:path) => {
        #[doc = $doc]
        pub fn $name(&self, request: $request) -> ApiResult<$response> {
            $function(&request)
        }
    };
    (@method #[doc = $doc:literal] $name:ident ( ) -> $response:ty = free $function:path) => {
        #[doc = $doc]
        pub fn $name(&self, (): ()) -> ApiResult<$response> {
            $function()
        }
    };
    (@method #[doc = $doc:literal] $name:ident ( $($request:ty)? ) -> $response:ty = workbench) => {};
}

use_cases! {
    /// The current project's summary.
    summary() -> ProjectSummary = project Project::summary;
    /// Opens a project file and makes it current.
    open_project(ProjectPath) -> ProjectSummary = workbench;
    /// Creates an empty project file and makes it current.
    create_project(ProjectPath) -> ProjectSummary = workbench;
    /// Opens the sample project (built on first use).
    open_sample() -> ProjectSummary = workbench;
    /// Every document with its topic, size and chunks.
    documents() -> DocumentsOverview = project Project::documents_overview;
    /// One document with its extracted text.
    document(DocumentRef) -> DocumentView = project Project::document;
    /// The exam as a table, with how the systems did on each question.
    questions(QuestionsRequest) -> QuestionTable = project Project::question_table;
    /// One question with its passage, curve and every system's answer.
    question(QuestionRequest) -> QuestionView = project Project::question;
    /// Every system with its kind, tags and what it still has to answer.
    systems() -> SystemsOverview = project Project::systems_overview;
    /// Renames a system.
    rename_system(RenameSystem) -> SystemsOverview = project Project::rename_system;
    /// Replaces a system's factor tags.
    tag_system(SystemTags) -> SystemsOverview = project Project::tag_system;
    /// Puts an exam version on view: every page shows it.
    view_version(VersionRef) -> ProjectSummary = project versions::view_version;
    /// Changes what a question asks, in the exam's draft.
    edit_question(QuestionEdit) -> DraftChange = project Project::edit_question;
    /// Adds a question to the exam's draft.
    add_question(QuestionEdit) -> DraftChange = project Project::add_question;
    /// Takes a question out of the exam's draft.
    retire_question(QuestionRequest) -> DraftChange = project Project::retire_question;
    /// Sets a question's topic, Bloom levels or type.
    relabel_question(Relabel) -> QuestionView = project Project::relabel_question;
    /// Freezes the exam's draft, carrying over answers to unchanged questions.
    freeze_draft(ExamRef) -> FreezeReport = project Project::freeze_draft;
    /// Throws the exam's draft away.
    discard_draft(ExamRef) -> ProjectSummary = project versions::discard_draft;
    /// Deletes a system with its answers (undo: restore_system).
    delete_system(SystemName) -> DeletedSystemInfo = project Project::delete_system;
    /// Puts back a system deleted since the project was opened.
    restore_system(SystemName) -> SystemsOverview = project versions::restore_system;
    /// A system's answers on the version on view, question by question.
    answer_sheet(SystemName) -> AnswerSheet = project Project::answer_sheet;
    /// Reads one reply by hand (a choice, no answer, or back to the automatic reading).
    read_reply(ReadReply) -> AnswerSheet = project Project::read_reply;
    /// Renames a topic, or merges it into another.
    rename_topic(RenameTopic) -> DocumentsOverview = project versions::rename_topic;
    /// Puts documents under a topic, or under none.
    set_documents_topic(DocumentsTopic) -> DocumentsOverview = project versions::set_documents_topic;
    /// Imports a file or folder into the current project (all or nothing).
    start_import(ImportRequest) -> JobStatus = job(|request| format!("Importing {}", request.path)) Project::import;
    /// Compares two systems question by question.
    compare(CompareRequest) -> Comparison = project Project::compare;
    /// Agreement of the leaderboard with another one.
    correlate(CorrelateRequest) -> CorrelationReport = project Project::correlate;
    /// EXAM beside ROUGE-1 against the gold articles, and their rank agreement.
    exam_agreement(ExamRef) -> ExamAgreement = project grading::overlap::exam_agreement;
    /// Every system of a group against a baseline, with the one verdict.
    significance(SignificanceRequest) -> SignificanceTable = project Project::significance;
    /// What the built-in pipelines need and have.
    pipelines() -> PipelinesOverview = project pipelines::overview;
    /// Adds the reference pipelines (retrievers × readers × top-k).
    add_pipeline_grid(GridRequest) -> Vec<PipelineInfo> = project Project::add_pipeline_grid;
    /// Prepares the corpus: chunks, embeddings, search index.
    start_ingest(IngestRequest) -> JobStatus = job("Preparing the corpus") Project::ingest;
    /// Lets the built-in pipelines sit the exam.
    start_run(RunRequest) -> JobStatus = job("Running the pipelines") Project::run_pipelines;
    /// Checks whether the readers read: each with and without the questions' passages.
    start_reader_check(ReaderCheckRequest) -> JobStatus = job("Checking the readers") Project::check_readers;
    /// Grades EXAM mode here: a local reader answers each query's questions from the articles.
    start_read_articles(ReadArticlesRequest) -> JobStatus = job("Grading the articles (EXAM mode)") Project::read_articles;
    /// Writes a baseline EXAM-mode system: an extractive article per query from the corpus.
    build_articles(BuildArticlesRequest) -> BuildArticlesReport = project Project::build_extractive_articles;
    /// MMR's λ swept from 0 to 1: EXAM (lexical reader) and ROUGE-1 at each, nothing stored.
    mmr_sweep(MmrSweepRequest) -> MmrSweep = project Project::mmr_sweep;
    /// A query's candidate sentences with the features the writers rank them by.
    sentence_features(SentenceFeaturesRequest) -> SentenceFeatures = project Project::sentence_features;
    /// Every system's articles scored against the reference nuggets, with the one verdict.
    nugget_board(NuggetRequest) -> NuggetBoard = project Project::nugget_board;
    /// One article with the query's nuggets marked where they were found.
    nugget_article(NuggetArticleRequest) -> NuggetArticle = project Project::nugget_article;
    /// The formulation break-down of the project's samples.
    formulation_breakdown(FormulationRequest) -> FormulationBreakdown = project Project::formulation_breakdown;
    /// The reader check from the sittings already there.
    reader_check(ExamRef) -> ReaderCheck = project pipelines::check::from_sittings;
    /// Generates questions from the prepared corpus and checks them.
    start_generate(GenerateRequest) -> JobStatus = job("Generating questions") Project::generate;
    /// Reads the generated questions with a reader, with and without their passages.
    start_read_generated(GeneratedReadingRequest) -> JobStatus = job("Reading the generated questions") Project::read_generated;
    /// The generated questions of an exam with their quality (the review queue).
    generated(ExamRef) -> GeneratedExam = project Project::generated;
    /// One generated question with its source, edits and provenance.
    generated_question(GeneratedRef) -> GeneratedDetail = project Project::generated_question;
    /// Accepts (into the draft), rejects or reinstates generated questions.
    review_generated(ReviewRequest) -> ReviewReport = project Project::review_generated;
    /// Edits a generated question, recording the edit.
    edit_generated(GeneratedEdit) -> GeneratedDetail = project Project::edit_generated;
    /// The report of the exam on view: one self-contained HTML file.
    report(ReportRequest) -> Report = project Project::report;
    /// Writes the report to a file the user chose (the window's save dialog).
    save_report(SaveReportRequest) -> Report = project Project::save_report;
    /// The series of a chart of the exam on view: what the page draws and the files render.
    chart_series(ChartSpec) -> Chart = project Project::chart_series;
    /// A chart of the exam on view as an SVG or PNG file.
    chart(ChartRequest) -> FileContent = project Project::chart;
    /// Writes a chart to a file the user chose (the window's save dialog).
    save_chart(SaveChartRequest) -> FileContent = project Project::save_chart;
    /// A table of the exam on view as a CSV file or an Excel workbook.
    table(TableRequest) -> FileContent = project Project::table;
    /// Fits an IRT model to a response-matrix file, without a project.
    fit_responses(FitResponsesRequest) -> ResponsesFit = free responses::fit_responses;
    /// Checks adaptive exams of a share of the questions against the whole exam.
    cat_check(CatCheckRequest) -> CatCheck = project Project::cat_check;
    /// Writes a table to a file the user chose (the window's save dialog).
    save_table(SaveTableRequest) -> FileContent = project Project::save_table;
    /// Writes an exam version to a file the user chose (the window's save dialog).
    save_exam(SaveExamRequest) -> ExportedExam = project Project::save_exam;
    /// The ready-made endpoint configurations.
    endpoint_presets() -> Vec<Preset> = free vendors::presets;
    /// Creates an endpoint system, or changes its configuration.
    save_endpoint(EndpointSystem) -> EndpointView = project Project::save_endpoint;
    /// An endpoint system's configuration and whether its secrets can be read.
    endpoint(SystemName) -> EndpointView = project vendors::view;
    /// Sends one question with a configuration and shows what came back (nothing stored).
    try_endpoint(TryRequest) -> TryReport = workbench;
    /// Lets endpoint systems sit the exam (or write their articles), resuming.
    start_endpoint_run(EndpointRunRequest) -> JobStatus = job("Asking the endpoints") Project::run_endpoints;
    /// The request and raw reply behind one answer of an endpoint system.
    exchange(ExchangeRef) -> ExchangeView = project Project::exchange;
    /// An exam version written out as CSV, JSON or auto-rag-eval's exam.json.
    export_exam(ExportRequest) -> ExportedExam = project Project::export_exam;
    /// Where a background job stands.
    job(JobId) -> JobStatus = workbench;
    /// Asks a background job to stop after its current batch.
    cancel_job(JobId) -> JobStatus = workbench;
    /// The jobs of this session, newest first.
    jobs() -> Vec<JobStatus> = workbench;
    /// The last IRT model fitted on the exam on view, if any.
    latest_irt() -> Option<IrtReport> = project irt::latest;
    /// Fits an IRT model and keeps it.
    fit_irt(IrtRequest) -> IrtReport = project Project::fit_irt;
    /// The project's IRT setting, used by every panel.
    irt_settings() -> IrtSettings = project Project::irt_settings;
    /// Sets the project's IRT setting.
    set_irt_settings(IrtSettings) -> IrtSettings = project Project::set_irt_settings;
    /// Drops the weakest questions step by step, refitting each time.
    improve_exam(ImproveRequest) -> ImprovementReport = project Project::improve_exam;
    /// What the local models folder holds, and the user's models.
    models() -> ModelsReport = free models::installed;
    /// Adds the user's own ONNX model after its self-test.
    add_model(AddModelRequest) -> ModelSelfTest = free models::add_to_default;
    /// Runs a user model's self-test again.
    test_model(ModelName) -> ModelSelfTest = free models::test_in_default;
    /// Checks a language model the user added on the labelled replies, setting its margin.
    start_check_reply_reader(ModelName) -> JobStatus = job(|request| format!("Checking {} as a reply reader", request.name)) reply_model::check_in_default;
    /// Removes a model the user added.
    remove_model(ModelName) -> UserModelInfo = free models::remove_from_default;
    /// Keeps an API key in the OS keychain under an entry settings can name.
    save_secret(SecretRequest) -> SecretStatus = free models::save_secret;
    /// Whether a keychain entry holds a key (masked).
    secret(SecretName) -> SecretStatus = free models::secret;
    /// Removes a keychain entry.
    forget_secret(SecretName) -> SecretStatus = free models::forget_secret;
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
        "// Generated from the use-case table in crates/api/src/workbench/table.rs.\n\
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
