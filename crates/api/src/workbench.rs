//! The project a window or browser session has open.

use crate::dto::Preset;
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
use crate::jobs::{Jobs, Listener, Outcome};
use crate::{ApiError, ApiResult, ErrorCode, NoProgress, Project, Upload};
use proctor_charts::Chart;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

/// Holds at most one open project for a door that keeps state between calls (the desktop
/// window, `proctor serve`). Calls are serialised: a project file has one writer.
#[derive(Debug)]
pub struct Workbench {
    current: Mutex<Option<Project>>,
    data_dir: PathBuf,
    jobs: Jobs,
}

#[expect(
    clippy::needless_pass_by_value,
    reason = "every use case takes its request by value: the one dispatch in doors.rs calls them alike"
)]
impl Workbench {
    /// A workbench whose own files (the sample project) live in `data_dir`.
    pub fn new(data_dir: impl Into<PathBuf>) -> Self {
        Self {
            current: Mutex::new(None),
            data_dir: data_dir.into(),
            jobs: Jobs::default(),
        }
    }

    fn lock(&self) -> ApiResult<MutexGuard<'_, Option<Project>>> {
        self.current.lock().map_err(|_| {
            ApiError::new(
                ErrorCode::Internal,
                "an earlier request failed midway; restart Proctor",
            )
        })
    }

    fn with_project<T>(&self, f: impl FnOnce(&mut Project) -> ApiResult<T>) -> ApiResult<T> {
        let mut guard = self.lock()?;
        let project = guard.as_mut().ok_or_else(|| {
            ApiError::new(
                ErrorCode::NoProject,
                "no project is open; open or create one first",
            )
        })?;
        f(project)
    }

    fn replace(&self, project: Project) -> ApiResult<ProjectSummary> {
        let summary = project.summary()?;
        *self.lock()? = Some(project);
        Ok(summary)
    }

    /// Opens a project file and makes it current.
    pub fn open_project(&self, project: ProjectPath) -> ApiResult<ProjectSummary> {
        self.replace(Project::open(Path::new(&project.path))?)
    }

    /// Creates a project file and makes it current.
    pub fn create_project(&self, project: ProjectPath) -> ApiResult<ProjectSummary> {
        self.replace(Project::create(Path::new(&project.path))?)
    }

    /// Opens the sample project, building it first if this workbench has not yet.
    pub fn open_sample(&self, (): ()) -> ApiResult<ProjectSummary> {
        let path = self.data_dir.join("Tidewater sample.proctor");
        if !path.exists() {
            std::fs::create_dir_all(&self.data_dir).map_err(|e| {
                ApiError::new(
                    ErrorCode::Internal,
                    format!("cannot create {}: {e}", self.data_dir.display()),
                )
            })?;
            crate::sample::build(&path, &NoProgress)?;
        }
        self.replace(Project::open(&path)?)
    }

    /// Every document of the current project.
    pub fn documents(&self, (): ()) -> ApiResult<DocumentsOverview> {
        self.with_project(|p| p.documents_overview())
    }

    /// One document with its extracted text.
    pub fn document(&self, document: DocumentRef) -> ApiResult<DocumentView> {
        self.with_project(|p| p.document(document))
    }

    /// The exam as a table.
    pub fn questions(&self, request: QuestionsRequest) -> ApiResult<QuestionTable> {
        self.with_project(|p| p.question_table(&request))
    }

    /// One question with every system's answer.
    pub fn question(&self, request: QuestionRequest) -> ApiResult<QuestionView> {
        self.with_project(|p| p.question(&request))
    }

    /// Every system with what it did on the newest exam.
    pub fn systems(&self, (): ()) -> ApiResult<SystemsOverview> {
        self.with_project(|p| p.systems_overview())
    }

    /// Renames a system.
    pub fn rename_system(&self, request: RenameSystem) -> ApiResult<SystemsOverview> {
        self.with_project(|p| p.rename_system(&request))
    }

    /// Replaces a system's factor tags.
    pub fn tag_system(&self, request: SystemTags) -> ApiResult<SystemsOverview> {
        self.with_project(|p| p.tag_system(&request))
    }

    /// Puts an exam version on view: every page shows it from now on.
    pub fn view_version(&self, which: VersionRef) -> ApiResult<ProjectSummary> {
        self.with_project(|p| {
            p.view_version(&which)?;
            p.summary()
        })
    }

    /// Changes what a question asks, in the exam's draft.
    pub fn edit_question(&self, edit: QuestionEdit) -> ApiResult<DraftChange> {
        self.with_project(|p| p.edit_question(&edit))
    }

    /// Adds a question to the exam's draft.
    pub fn add_question(&self, edit: QuestionEdit) -> ApiResult<DraftChange> {
        self.with_project(|p| p.add_question(&edit))
    }

    /// Takes a question out of the exam's draft.
    pub fn retire_question(&self, which: QuestionRequest) -> ApiResult<DraftChange> {
        self.with_project(|p| p.retire_question(&which))
    }

    /// Sets a question's topic, Bloom levels or type.
    pub fn relabel_question(&self, change: Relabel) -> ApiResult<QuestionView> {
        self.with_project(|p| p.relabel_question(&change))
    }

    /// Freezes the exam's draft, carrying over the answers to unchanged questions.
    pub fn freeze_draft(&self, exam: ExamRef) -> ApiResult<FreezeReport> {
        self.with_project(|p| p.freeze_draft(&exam))
    }

    /// Throws the exam's draft away.
    pub fn discard_draft(&self, exam: ExamRef) -> ApiResult<ProjectSummary> {
        self.with_project(|p| {
            p.discard_draft(&exam)?;
            p.summary()
        })
    }

    /// Deletes a system with its answers (undo with `restore_system` while the project is open).
    pub fn delete_system(&self, which: SystemName) -> ApiResult<DeletedSystemInfo> {
        self.with_project(|p| p.delete_system(&which))
    }

    /// Renames a topic, or merges it into another.
    pub fn rename_topic(&self, change: RenameTopic) -> ApiResult<DocumentsOverview> {
        self.with_project(|p| {
            p.rename_topic(&change)?;
            p.documents_overview()
        })
    }

    /// A system's answers on the version on view, question by question.
    pub fn answer_sheet(&self, which: SystemName) -> ApiResult<AnswerSheet> {
        self.with_project(|p| p.answer_sheet(&which))
    }

    /// Puts back a system deleted since the project was opened.
    pub fn restore_system(&self, which: SystemName) -> ApiResult<SystemsOverview> {
        self.with_project(|p| {
            p.restore_system(&which)?;
            p.systems_overview()
        })
    }

    /// The current project's summary.
    pub fn summary(&self, (): ()) -> ApiResult<ProjectSummary> {
        self.with_project(|p| p.summary())
    }

    /// Compares every system of the current project with a baseline (paired tests, Holm).
    pub fn significance(&self, request: SignificanceRequest) -> ApiResult<SignificanceTable> {
        self.with_project(|p| p.significance(&request))
    }

    /// Sets the current project's leaderboard against another one (a file, or TREC runs).
    pub fn correlate(&self, request: CorrelateRequest) -> ApiResult<CorrelationReport> {
        self.with_project(|p| p.correlate(&request))
    }

    /// Writes a baseline EXAM-mode system: an extractive article per query of the exam, from
    /// the prepared corpus (passage match, MMR, or semantic overlap; METHODS.md §8).
    pub fn build_articles(&self, request: BuildArticlesRequest) -> ApiResult<BuildArticlesReport> {
        self.with_project(|p| p.build_extractive_articles(&request))
    }

    /// MMR's λ swept from 0 to 1: EXAM by the lexical reader and ROUGE-1 against the gold
    /// articles of the articles it would write at each λ (nothing stored).
    pub fn mmr_sweep(&self, request: MmrSweepRequest) -> ApiResult<MmrSweep> {
        self.with_project(|p| p.mmr_sweep(&request))
    }

    /// A query's candidate sentences with their passage-match and semantic-overlap features.
    pub fn sentence_features(
        &self,
        request: SentenceFeaturesRequest,
    ) -> ApiResult<SentenceFeatures> {
        self.with_project(|p| p.sentence_features(&request))
    }

    /// Every system's articles scored against the reference nuggets (POURPRE or
    /// Nuggeteer-style), with the one verdict against the baseline.
    pub fn nugget_board(&self, request: NuggetRequest) -> ApiResult<NuggetBoard> {
        self.with_project(|p| p.nugget_board(&request))
    }

    /// One article with the query's nuggets marked where they were found.
    pub fn nugget_article(&self, request: NuggetArticleRequest) -> ApiResult<NuggetArticle> {
        self.with_project(|p| p.nugget_article(&request))
    }

    /// The formulation break-down of the project's samples (002).
    pub fn formulation_breakdown(
        &self,
        request: FormulationRequest,
    ) -> ApiResult<FormulationBreakdown> {
        self.with_project(|p| p.formulation_breakdown(&request))
    }

    /// EXAM beside ROUGE-1 against the gold articles, with both ranks and their agreement
    /// (000's Table 4).
    pub fn exam_agreement(&self, exam: ExamRef) -> ApiResult<ExamAgreement> {
        self.with_project(|p| p.exam_agreement(exam.exam.as_deref()))
    }

    /// Compares two systems of the current project.
    pub fn compare(&self, request: CompareRequest) -> ApiResult<Comparison> {
        self.with_project(|p| p.compare(&request))
    }

    /// What the built-in pipelines of the current project need and have.
    pub fn pipelines(&self, (): ()) -> ApiResult<PipelinesOverview> {
        self.with_project(|p| p.pipelines_overview(None))
    }

    /// Adds the reference pipelines to the current project.
    pub fn add_pipeline_grid(&self, request: GridRequest) -> ApiResult<Vec<PipelineInfo>> {
        self.with_project(|p| p.add_pipeline_grid(&request))
    }

    /// Starts importing a file or folder into the current project in the background (all or
    /// nothing, as every import).
    pub fn start_import(&self, request: ImportRequest) -> ApiResult<JobStatus> {
        let (path, on_view) = self.with_project(|p| Ok((p.path().to_owned(), p.on_view)))?;
        let title = format!("Importing {}", request.path);
        self.jobs.start(&title, path, move |project, progress| {
            project.on_view = on_view;
            project.import(&request, progress).map(Outcome::Import)
        })
    }

    /// Starts preparing the current project's corpus (chunks, embeddings, index) in the
    /// background.
    pub fn start_ingest(&self, request: IngestRequest) -> ApiResult<JobStatus> {
        let path = self.with_project(|p| Ok(p.path().to_owned()))?;
        self.jobs
            .start("Preparing the corpus", path, move |project, progress| {
                project.ingest(&request, progress).map(Outcome::Ingest)
            })
    }

    /// Starts letting the current project's built-in pipelines sit the exam, in the background.
    pub fn start_run(&self, request: RunRequest) -> ApiResult<JobStatus> {
        let (path, on_view) = self.with_project(|p| Ok((p.path().to_owned(), p.on_view)))?;
        self.jobs
            .start("Running the pipelines", path, move |project, progress| {
                project.on_view = on_view;
                project.run_pipelines(&request, progress).map(Outcome::Run)
            })
    }

    /// Starts the reader check of the exam on view (closed book and oracle with each reader),
    /// in the background.
    pub fn start_reader_check(&self, request: ReaderCheckRequest) -> ApiResult<JobStatus> {
        let (path, on_view) = self.with_project(|p| Ok((p.path().to_owned(), p.on_view)))?;
        self.jobs
            .start("Checking the readers", path, move |project, progress| {
                project.on_view = on_view;
                project
                    .check_readers(&request, progress)
                    .map(Outcome::ReaderCheck)
            })
    }

    /// Starts grading EXAM mode here: a local reader answers each query's questions from the
    /// systems' articles (and the gold articles), one sitting per system.
    pub fn start_read_articles(&self, request: ReadArticlesRequest) -> ApiResult<JobStatus> {
        let (path, on_view) = self.with_project(|p| Ok((p.path().to_owned(), p.on_view)))?;
        self.jobs.start(
            "Grading the articles (EXAM mode)",
            path,
            move |project, progress| {
                project.on_view = on_view;
                project.read_articles(&request, progress).map(Outcome::Run)
            },
        )
    }

    /// Starts generating questions for an exam from the prepared corpus, then checks them.
    pub fn start_generate(&self, request: GenerateRequest) -> ApiResult<JobStatus> {
        let (path, on_view) = self.with_project(|p| Ok((p.path().to_owned(), p.on_view)))?;
        self.jobs
            .start("Generating questions", path, move |project, progress| {
                project.on_view = on_view;
                project
                    .generate(&request, progress)
                    .map(|r| Outcome::Generate(Box::new(r)))
            })
    }

    /// Starts reading the exam's generated questions with a reader, with and without their
    /// passages (are they answerable? guessable?).
    pub fn start_read_generated(&self, request: GeneratedReadingRequest) -> ApiResult<JobStatus> {
        let (path, on_view) = self.with_project(|p| Ok((p.path().to_owned(), p.on_view)))?;
        self.jobs.start(
            "Reading the generated questions",
            path,
            move |project, progress| {
                project.on_view = on_view;
                project
                    .read_generated(&request, progress)
                    .map(|r| Outcome::GeneratedReading(Box::new(r)))
            },
        )
    }

    /// The report of the exam on view: one self-contained HTML file.
    pub fn report(&self, request: ReportRequest) -> ApiResult<Report> {
        self.with_project(|p| p.report(&request))
    }

    /// Writes the report to a file the user chose.
    pub fn save_report(&self, request: SaveReportRequest) -> ApiResult<Report> {
        self.with_project(|p| p.save_report(&request))
    }

    /// The series of a chart of the exam on view (what the page draws).
    pub fn chart_series(&self, spec: ChartSpec) -> ApiResult<Chart> {
        self.with_project(|p| p.chart_series(&spec))
    }

    /// A chart of the exam on view as an SVG or PNG file.
    pub fn chart(&self, request: ChartRequest) -> ApiResult<FileContent> {
        self.with_project(|p| p.chart(&request))
    }

    /// A table of the exam on view as a CSV file or an Excel workbook.
    pub fn table(&self, request: TableRequest) -> ApiResult<FileContent> {
        self.with_project(|p| p.table(&request))
    }

    /// Writes a table to a file the user chose.
    pub fn save_table(&self, request: SaveTableRequest) -> ApiResult<FileContent> {
        self.with_project(|p| p.save_table(&request))
    }

    /// Writes a chart to a file the user chose.
    pub fn save_chart(&self, request: SaveChartRequest) -> ApiResult<FileContent> {
        self.with_project(|p| p.save_chart(&request))
    }

    /// Writes an exam version to a file the user chose.
    pub fn save_exam(&self, request: SaveExamRequest) -> ApiResult<ExportedExam> {
        self.with_project(|p| p.save_exam(&request))
    }

    /// The ready-made endpoint configurations (OpenAI-compatible chat, generic RAG, EXAM mode).
    pub fn endpoint_presets(&self, (): ()) -> ApiResult<Vec<Preset>> {
        Ok(crate::endpoint_presets())
    }

    /// Creates an endpoint system, or changes its configuration.
    pub fn save_endpoint(&self, request: EndpointSystem) -> ApiResult<EndpointView> {
        self.with_project(|p| p.save_endpoint(&request))
    }

    /// An endpoint system's configuration and whether its secrets can be read.
    pub fn endpoint(&self, which: SystemName) -> ApiResult<EndpointView> {
        self.with_project(|p| p.endpoint(&which.name))
    }

    /// Sends one question with a configuration and shows what came back (nothing stored).
    pub fn try_endpoint(&self, request: TryRequest) -> ApiResult<TryReport> {
        // The request goes out without the project held: other calls go on meanwhile.
        let question = self.with_project(|p| p.try_question(&request))?;
        crate::endpoints::try_send(&request, &question)
    }

    /// Starts endpoint systems sitting the exam (resuming what an earlier run left).
    pub fn start_endpoint_run(&self, request: EndpointRunRequest) -> ApiResult<JobStatus> {
        let (path, on_view) = self.with_project(|p| Ok((p.path().to_owned(), p.on_view)))?;
        self.jobs
            .start("Asking the endpoints", path, move |project, progress| {
                project.on_view = on_view;
                project
                    .run_endpoints(&request, progress)
                    .map(|r| Outcome::EndpointRun(Box::new(r)))
            })
    }

    /// The request and raw reply behind one answer of an endpoint system.
    pub fn exchange(&self, which: ExchangeRef) -> ApiResult<ExchangeView> {
        self.with_project(|p| p.exchange(&which))
    }

    /// The generated questions of an exam with their quality (the review queue).
    pub fn generated(&self, exam: ExamRef) -> ApiResult<GeneratedExam> {
        self.with_project(|p| p.generated(&exam))
    }

    /// One generated question with its source, edits and provenance.
    pub fn generated_question(&self, which: GeneratedRef) -> ApiResult<GeneratedDetail> {
        self.with_project(|p| p.generated_question(&which))
    }

    /// Accepts (into the draft), rejects or reinstates generated questions.
    pub fn review_generated(&self, request: ReviewRequest) -> ApiResult<ReviewReport> {
        self.with_project(|p| p.review_generated(&request))
    }

    /// An exam version written out as CSV, JSON or auto-rag-eval's exam.json.
    pub fn export_exam(&self, request: ExportRequest) -> ApiResult<ExportedExam> {
        self.with_project(|p| p.export_exam(&request))
    }

    /// Edits a generated question, recording the edit.
    pub fn edit_generated(&self, edit: GeneratedEdit) -> ApiResult<GeneratedDetail> {
        self.with_project(|p| p.edit_generated(&edit))
    }

    /// The reader check from the sittings already there (every reader whose closed-book and
    /// oracle pipelines both sat the exam).
    pub fn reader_check(&self, exam: ExamRef) -> ApiResult<ReaderCheck> {
        self.with_project(|p| p.reader_check(exam.exam.as_deref(), &[]))
    }

    /// Where a job stands.
    pub fn job(&self, job: JobId) -> ApiResult<JobStatus> {
        self.jobs.status(job.id)
    }

    /// Asks a job to stop after its current batch; what it finished is kept.
    pub fn cancel_job(&self, job: JobId) -> ApiResult<JobStatus> {
        self.jobs.cancel(job.id)
    }

    /// Starts receiving a file a browser sends into the current project's folder (or, with no
    /// project open, the workbench's); the door streams its bytes into the answer and finishes it
    /// (browser mode has no local paths).
    pub fn start_upload(&self, name: &str) -> ApiResult<Upload> {
        // Into the open project's folder; with none open (the IRT workbench reads a file
        // without a project), into the workbench's own.
        let folder = self
            .lock()?
            .as_ref()
            .map_or_else(|| self.data_dir.join("uploads"), Project::uploads_folder);
        Upload::start(folder, name)
    }

    /// Every job of this session, newest first.
    pub fn jobs(&self, (): ()) -> ApiResult<Vec<JobStatus>> {
        Ok(self.jobs.list())
    }

    /// Adds a listener that hears every job's status as it changes (the window's events,
    /// `proctor serve`'s event stream).
    pub fn listen(&self, listener: Listener) {
        self.jobs.listen(listener);
    }

    /// What the models folder holds (the default one: the door's setting or `PROCTOR_MODELS`).
    pub fn models(&self, (): ()) -> ApiResult<ModelsReport> {
        crate::models::list(None)
    }

    /// Checks adaptive exams of a share of the questions against the whole exam.
    pub fn cat_check(&self, request: CatCheckRequest) -> ApiResult<CatCheck> {
        self.with_project(|p| p.cat_check(&request))
    }

    /// Fits an IRT model to a response-matrix file, without a project.
    pub fn fit_responses(&self, request: FitResponsesRequest) -> ApiResult<ResponsesFit> {
        crate::irt_file::fit_responses(&request)
    }

    /// Adds the user's own ONNX model after its self-test.
    pub fn add_model(&self, request: AddModelRequest) -> ApiResult<ModelSelfTest> {
        crate::models::add(None, &request)
    }

    /// Removes a model the user added.
    pub fn remove_model(&self, model: ModelName) -> ApiResult<UserModelInfo> {
        crate::models::remove(None, &model.name)
    }

    /// Keeps an API key in the OS keychain.
    pub fn save_secret(&self, request: SecretRequest) -> ApiResult<SecretStatus> {
        crate::models::save_secret(&request)
    }

    /// Whether a keychain entry holds a key (masked).
    pub fn secret(&self, name: SecretName) -> ApiResult<SecretStatus> {
        crate::models::secret(&name)
    }

    /// Removes a keychain entry.
    pub fn forget_secret(&self, name: SecretName) -> ApiResult<SecretStatus> {
        crate::models::forget_secret(&name)
    }

    /// Runs a user model's self-test again.
    pub fn test_model(&self, model: ModelName) -> ApiResult<ModelSelfTest> {
        crate::models::test_user_model(None, &model.name)
    }

    /// Fits an IRT model on the current project's newest exam and keeps it.
    pub fn fit_irt(&self, request: IrtRequest) -> ApiResult<IrtReport> {
        self.with_project(|p| p.fit_irt(&request))
    }

    /// Drops the weakest questions of the newest exam step by step, refitting each time.
    pub fn improve_exam(&self, request: ImproveRequest) -> ApiResult<ImprovementReport> {
        self.with_project(|p| p.improve_exam(&request))
    }

    /// The current project's IRT setting (model, method, preset).
    pub fn irt_settings(&self, (): ()) -> ApiResult<IrtSettings> {
        self.with_project(|p| p.irt_settings())
    }

    /// Sets the current project's IRT setting, used from now on by every panel.
    pub fn set_irt_settings(&self, settings: IrtSettings) -> ApiResult<IrtSettings> {
        self.with_project(|p| p.set_irt_settings(&settings))
    }

    /// The last IRT model fitted on the current project's newest exam, if any.
    pub fn latest_irt(&self, (): ()) -> ApiResult<Option<IrtReport>> {
        self.with_project(|p| p.latest_irt(None))
    }
}
