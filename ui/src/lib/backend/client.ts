// Generated from the use-case table in crates/api/src/workbench/table.rs.
// Do not edit: run `UPDATE_BINDINGS=1 cargo test -p proctor-api bindings` instead.

import type {
  AddModelRequest,
  AnswerSheet,
  BuildArticlesReport,
  BuildArticlesRequest,
  CatCheck,
  CatCheckRequest,
  Chart,
  ChartRequest,
  ChartSpec,
  CompareRequest,
  Comparison,
  CorrelateRequest,
  CorrelationReport,
  DeletedSystemInfo,
  DocumentRef,
  DocumentView,
  DocumentsOverview,
  DocumentsTopic,
  DraftChange,
  EndpointRunRequest,
  EndpointSystem,
  EndpointView,
  ExamAgreement,
  ExamRef,
  ExchangeRef,
  ExchangeView,
  ExportRequest,
  ExportedExam,
  FileContent,
  FitResponsesRequest,
  FormulationBreakdown,
  FormulationRequest,
  FreezeReport,
  GenerateRequest,
  GeneratedDetail,
  GeneratedEdit,
  GeneratedExam,
  GeneratedReadingRequest,
  GeneratedRef,
  GridRequest,
  ImportRequest,
  ImproveRequest,
  ImprovementReport,
  IngestRequest,
  IrtReport,
  IrtRequest,
  IrtSettings,
  JobId,
  JobStatus,
  MmrSweep,
  MmrSweepRequest,
  ModelName,
  ModelSelfTest,
  ModelsReport,
  NuggetArticle,
  NuggetArticleRequest,
  NuggetBoard,
  NuggetRequest,
  PipelineInfo,
  PipelinesOverview,
  Preset,
  ProjectPath,
  ProjectSummary,
  QuestionEdit,
  QuestionRequest,
  QuestionTable,
  QuestionView,
  QuestionsRequest,
  ReadArticlesRequest,
  ReadReply,
  ReaderCheck,
  ReaderCheckRequest,
  Relabel,
  RenameSystem,
  RenameTopic,
  Report,
  ReportRequest,
  ResponsesFit,
  ReviewReport,
  ReviewRequest,
  RunRequest,
  SaveChartRequest,
  SaveExamRequest,
  SaveReportRequest,
  SaveTableRequest,
  SecretName,
  SecretRequest,
  SecretStatus,
  SentenceFeatures,
  SentenceFeaturesRequest,
  SignificanceRequest,
  SignificanceTable,
  SystemName,
  SystemTags,
  SystemsOverview,
  TableRequest,
  TryReport,
  TryRequest,
  UserModelInfo,
  VersionRef,
} from "./types";

/** Sends one use case's request and resolves to its answer (or rejects with an ApiError). */
export type Transport = (name: string, request: unknown) => Promise<unknown>;

/** Every use case with whether it starts a background job. */
export const USE_CASES = {
  summary: { job: false },
  open_project: { job: false },
  create_project: { job: false },
  open_sample: { job: false },
  documents: { job: false },
  document: { job: false },
  questions: { job: false },
  question: { job: false },
  systems: { job: false },
  rename_system: { job: false },
  tag_system: { job: false },
  view_version: { job: false },
  edit_question: { job: false },
  add_question: { job: false },
  retire_question: { job: false },
  relabel_question: { job: false },
  freeze_draft: { job: false },
  discard_draft: { job: false },
  delete_system: { job: false },
  restore_system: { job: false },
  answer_sheet: { job: false },
  read_reply: { job: false },
  rename_topic: { job: false },
  set_documents_topic: { job: false },
  start_import: { job: true },
  compare: { job: false },
  correlate: { job: false },
  exam_agreement: { job: false },
  significance: { job: false },
  pipelines: { job: false },
  add_pipeline_grid: { job: false },
  start_ingest: { job: true },
  start_run: { job: true },
  start_reader_check: { job: true },
  start_read_articles: { job: true },
  build_articles: { job: false },
  mmr_sweep: { job: false },
  sentence_features: { job: false },
  nugget_board: { job: false },
  nugget_article: { job: false },
  formulation_breakdown: { job: false },
  reader_check: { job: false },
  start_generate: { job: true },
  start_read_generated: { job: true },
  generated: { job: false },
  generated_question: { job: false },
  review_generated: { job: false },
  edit_generated: { job: false },
  report: { job: false },
  save_report: { job: false },
  chart_series: { job: false },
  chart: { job: false },
  save_chart: { job: false },
  table: { job: false },
  fit_responses: { job: false },
  cat_check: { job: false },
  save_table: { job: false },
  save_exam: { job: false },
  endpoint_presets: { job: false },
  save_endpoint: { job: false },
  endpoint: { job: false },
  try_endpoint: { job: false },
  start_endpoint_run: { job: true },
  exchange: { job: false },
  export_exam: { job: false },
  job: { job: false },
  cancel_job: { job: false },
  jobs: { job: false },
  latest_irt: { job: false },
  fit_irt: { job: false },
  irt_settings: { job: false },
  set_irt_settings: { job: false },
  improve_exam: { job: false },
  models: { job: false },
  add_model: { job: false },
  test_model: { job: false },
  start_check_reply_reader: { job: true },
  remove_model: { job: false },
  save_secret: { job: false },
  secret: { job: false },
  forget_secret: { job: false },
} as const;

/** The typed functions, one per use case. */
export function client(send: Transport) {
  return {
    /** The current project's summary. */
    summary: () => send("summary", null) as Promise<ProjectSummary>,
    /** Opens a project file and makes it current. */
    openProject: (request: ProjectPath) => send("open_project", request) as Promise<ProjectSummary>,
    /** Creates an empty project file and makes it current. */
    createProject: (request: ProjectPath) => send("create_project", request) as Promise<ProjectSummary>,
    /** Opens the sample project (built on first use). */
    openSample: () => send("open_sample", null) as Promise<ProjectSummary>,
    /** Every document with its topic, size and chunks. */
    documents: () => send("documents", null) as Promise<DocumentsOverview>,
    /** One document with its extracted text. */
    document: (request: DocumentRef) => send("document", request) as Promise<DocumentView>,
    /** The exam as a table, with how the systems did on each question. */
    questions: (request: QuestionsRequest) => send("questions", request) as Promise<QuestionTable>,
    /** One question with its passage, curve and every system's answer. */
    question: (request: QuestionRequest) => send("question", request) as Promise<QuestionView>,
    /** Every system with its kind, tags and what it still has to answer. */
    systems: () => send("systems", null) as Promise<SystemsOverview>,
    /** Renames a system. */
    renameSystem: (request: RenameSystem) => send("rename_system", request) as Promise<SystemsOverview>,
    /** Replaces a system's factor tags. */
    tagSystem: (request: SystemTags) => send("tag_system", request) as Promise<SystemsOverview>,
    /** Puts an exam version on view: every page shows it. */
    viewVersion: (request: VersionRef) => send("view_version", request) as Promise<ProjectSummary>,
    /** Changes what a question asks, in the exam's draft. */
    editQuestion: (request: QuestionEdit) => send("edit_question", request) as Promise<DraftChange>,
    /** Adds a question to the exam's draft. */
    addQuestion: (request: QuestionEdit) => send("add_question", request) as Promise<DraftChange>,
    /** Takes a question out of the exam's draft. */
    retireQuestion: (request: QuestionRequest) => send("retire_question", request) as Promise<DraftChange>,
    /** Sets a question's topic, Bloom levels or type. */
    relabelQuestion: (request: Relabel) => send("relabel_question", request) as Promise<QuestionView>,
    /** Freezes the exam's draft, carrying over answers to unchanged questions. */
    freezeDraft: (request: ExamRef) => send("freeze_draft", request) as Promise<FreezeReport>,
    /** Throws the exam's draft away. */
    discardDraft: (request: ExamRef) => send("discard_draft", request) as Promise<ProjectSummary>,
    /** Deletes a system with its answers (undo: restore_system). */
    deleteSystem: (request: SystemName) => send("delete_system", request) as Promise<DeletedSystemInfo>,
    /** Puts back a system deleted since the project was opened. */
    restoreSystem: (request: SystemName) => send("restore_system", request) as Promise<SystemsOverview>,
    /** A system's answers on the version on view, question by question. */
    answerSheet: (request: SystemName) => send("answer_sheet", request) as Promise<AnswerSheet>,
    /** Reads one reply by hand (a choice, no answer, or back to the automatic reading). */
    readReply: (request: ReadReply) => send("read_reply", request) as Promise<AnswerSheet>,
    /** Renames a topic, or merges it into another. */
    renameTopic: (request: RenameTopic) => send("rename_topic", request) as Promise<DocumentsOverview>,
    /** Puts documents under a topic, or under none. */
    setDocumentsTopic: (request: DocumentsTopic) => send("set_documents_topic", request) as Promise<DocumentsOverview>,
    /** Imports a file or folder into the current project (all or nothing). */
    startImport: (request: ImportRequest) => send("start_import", request) as Promise<JobStatus>,
    /** Compares two systems question by question. */
    compare: (request: CompareRequest) => send("compare", request) as Promise<Comparison>,
    /** Agreement of the leaderboard with another one. */
    correlate: (request: CorrelateRequest) => send("correlate", request) as Promise<CorrelationReport>,
    /** EXAM beside ROUGE-1 against the gold articles, and their rank agreement. */
    examAgreement: (request: ExamRef) => send("exam_agreement", request) as Promise<ExamAgreement>,
    /** Every system of a group against a baseline, with the one verdict. */
    significance: (request: SignificanceRequest) => send("significance", request) as Promise<SignificanceTable>,
    /** What the built-in pipelines need and have. */
    pipelines: () => send("pipelines", null) as Promise<PipelinesOverview>,
    /** Adds the reference pipelines (retrievers × readers × top-k). */
    addPipelineGrid: (request: GridRequest) => send("add_pipeline_grid", request) as Promise<Array<PipelineInfo>>,
    /** Prepares the corpus: chunks, embeddings, search index. */
    startIngest: (request: IngestRequest) => send("start_ingest", request) as Promise<JobStatus>,
    /** Lets the built-in pipelines sit the exam. */
    startRun: (request: RunRequest) => send("start_run", request) as Promise<JobStatus>,
    /** Checks whether the readers read: each with and without the questions' passages. */
    startReaderCheck: (request: ReaderCheckRequest) => send("start_reader_check", request) as Promise<JobStatus>,
    /** Grades EXAM mode here: a local reader answers each query's questions from the articles. */
    startReadArticles: (request: ReadArticlesRequest) => send("start_read_articles", request) as Promise<JobStatus>,
    /** Writes a baseline EXAM-mode system: an extractive article per query from the corpus. */
    buildArticles: (request: BuildArticlesRequest) => send("build_articles", request) as Promise<BuildArticlesReport>,
    /** MMR's λ swept from 0 to 1: EXAM (lexical reader) and ROUGE-1 at each, nothing stored. */
    mmrSweep: (request: MmrSweepRequest) => send("mmr_sweep", request) as Promise<MmrSweep>,
    /** A query's candidate sentences with the features the writers rank them by. */
    sentenceFeatures: (request: SentenceFeaturesRequest) => send("sentence_features", request) as Promise<SentenceFeatures>,
    /** Every system's articles scored against the reference nuggets, with the one verdict. */
    nuggetBoard: (request: NuggetRequest) => send("nugget_board", request) as Promise<NuggetBoard>,
    /** One article with the query's nuggets marked where they were found. */
    nuggetArticle: (request: NuggetArticleRequest) => send("nugget_article", request) as Promise<NuggetArticle>,
    /** The formulation break-down of the project's samples. */
    formulationBreakdown: (request: FormulationRequest) => send("formulation_breakdown", request) as Promise<FormulationBreakdown>,
    /** The reader check from the sittings already there. */
    readerCheck: (request: ExamRef) => send("reader_check", request) as Promise<ReaderCheck>,
    /** Generates questions from the prepared corpus and checks them. */
    startGenerate: (request: GenerateRequest) => send("start_generate", request) as Promise<JobStatus>,
    /** Reads the generated questions with a reader, with and without their passages. */
    startReadGenerated: (request: GeneratedReadingRequest) => send("start_read_generated", request) as Promise<JobStatus>,
    /** The generated questions of an exam with their quality (the review queue). */
    generated: (request: ExamRef) => send("generated", request) as Promise<GeneratedExam>,
    /** One generated question with its source, edits and provenance. */
    generatedQuestion: (request: GeneratedRef) => send("generated_question", request) as Promise<GeneratedDetail>,
    /** Accepts (into the draft), rejects or reinstates generated questions. */
    reviewGenerated: (request: ReviewRequest) => send("review_generated", request) as Promise<ReviewReport>,
    /** Edits a generated question, recording the edit. */
    editGenerated: (request: GeneratedEdit) => send("edit_generated", request) as Promise<GeneratedDetail>,
    /** The report of the exam on view: one self-contained HTML file. */
    report: (request: ReportRequest) => send("report", request) as Promise<Report>,
    /** Writes the report to a file the user chose (the window's save dialog). */
    saveReport: (request: SaveReportRequest) => send("save_report", request) as Promise<Report>,
    /** The series of a chart of the exam on view: what the page draws and the files render. */
    chartSeries: (request: ChartSpec) => send("chart_series", request) as Promise<Chart>,
    /** A chart of the exam on view as an SVG or PNG file. */
    chart: (request: ChartRequest) => send("chart", request) as Promise<FileContent>,
    /** Writes a chart to a file the user chose (the window's save dialog). */
    saveChart: (request: SaveChartRequest) => send("save_chart", request) as Promise<FileContent>,
    /** A table of the exam on view as a CSV file or an Excel workbook. */
    table: (request: TableRequest) => send("table", request) as Promise<FileContent>,
    /** Fits an IRT model to a response-matrix file, without a project. */
    fitResponses: (request: FitResponsesRequest) => send("fit_responses", request) as Promise<ResponsesFit>,
    /** Checks adaptive exams of a share of the questions against the whole exam. */
    catCheck: (request: CatCheckRequest) => send("cat_check", request) as Promise<CatCheck>,
    /** Writes a table to a file the user chose (the window's save dialog). */
    saveTable: (request: SaveTableRequest) => send("save_table", request) as Promise<FileContent>,
    /** Writes an exam version to a file the user chose (the window's save dialog). */
    saveExam: (request: SaveExamRequest) => send("save_exam", request) as Promise<ExportedExam>,
    /** The ready-made endpoint configurations. */
    endpointPresets: () => send("endpoint_presets", null) as Promise<Array<Preset>>,
    /** Creates an endpoint system, or changes its configuration. */
    saveEndpoint: (request: EndpointSystem) => send("save_endpoint", request) as Promise<EndpointView>,
    /** An endpoint system's configuration and whether its secrets can be read. */
    endpoint: (request: SystemName) => send("endpoint", request) as Promise<EndpointView>,
    /** Sends one question with a configuration and shows what came back (nothing stored). */
    tryEndpoint: (request: TryRequest) => send("try_endpoint", request) as Promise<TryReport>,
    /** Lets endpoint systems sit the exam (or write their articles), resuming. */
    startEndpointRun: (request: EndpointRunRequest) => send("start_endpoint_run", request) as Promise<JobStatus>,
    /** The request and raw reply behind one answer of an endpoint system. */
    exchange: (request: ExchangeRef) => send("exchange", request) as Promise<ExchangeView>,
    /** An exam version written out as CSV, JSON or auto-rag-eval's exam.json. */
    exportExam: (request: ExportRequest) => send("export_exam", request) as Promise<ExportedExam>,
    /** Where a background job stands. */
    job: (request: JobId) => send("job", request) as Promise<JobStatus>,
    /** Asks a background job to stop after its current batch. */
    cancelJob: (request: JobId) => send("cancel_job", request) as Promise<JobStatus>,
    /** The jobs of this session, newest first. */
    jobs: () => send("jobs", null) as Promise<Array<JobStatus>>,
    /** The last IRT model fitted on the exam on view, if any. */
    latestIrt: () => send("latest_irt", null) as Promise<IrtReport | null>,
    /** Fits an IRT model and keeps it. */
    fitIrt: (request: IrtRequest) => send("fit_irt", request) as Promise<IrtReport>,
    /** The project's IRT setting, used by every panel. */
    irtSettings: () => send("irt_settings", null) as Promise<IrtSettings>,
    /** Sets the project's IRT setting. */
    setIrtSettings: (request: IrtSettings) => send("set_irt_settings", request) as Promise<IrtSettings>,
    /** Drops the weakest questions step by step, refitting each time. */
    improveExam: (request: ImproveRequest) => send("improve_exam", request) as Promise<ImprovementReport>,
    /** What the local models folder holds, and the user's models. */
    models: () => send("models", null) as Promise<ModelsReport>,
    /** Adds the user's own ONNX model after its self-test. */
    addModel: (request: AddModelRequest) => send("add_model", request) as Promise<ModelSelfTest>,
    /** Runs a user model's self-test again. */
    testModel: (request: ModelName) => send("test_model", request) as Promise<ModelSelfTest>,
    /** Checks a language model the user added on the labelled replies, setting its margin. */
    startCheckReplyReader: (request: ModelName) => send("start_check_reply_reader", request) as Promise<JobStatus>,
    /** Removes a model the user added. */
    removeModel: (request: ModelName) => send("remove_model", request) as Promise<UserModelInfo>,
    /** Keeps an API key in the OS keychain under an entry settings can name. */
    saveSecret: (request: SecretRequest) => send("save_secret", request) as Promise<SecretStatus>,
    /** Whether a keychain entry holds a key (masked). */
    secret: (request: SecretName) => send("secret", request) as Promise<SecretStatus>,
    /** Removes a keychain entry. */
    forgetSecret: (request: SecretName) => send("forget_secret", request) as Promise<SecretStatus>,
  };
}

/** The generated client's type. */
export type Client = ReturnType<typeof client>;
