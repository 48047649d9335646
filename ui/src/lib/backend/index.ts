// The one module that talks to the backend. Two implementations of one interface: Tauri's
// invoke inside the desktop window, HTTP fetch to `proctor serve` in a browser.
import type {
  ApiError,
  CompareRequest,
  Comparison,
  CorrelateRequest,
  CorrelationReport,
  GridRequest,
  ImportRequest,
  ImproveRequest,
  ImprovementReport,
  IngestRequest,
  IrtReport,
  IrtRequest,
  IrtSettings,
  AddModelRequest,
  JobStatus,
  ModelSelfTest,
  ModelsReport,
  UserModelInfo,
  PipelineInfo,
  PipelinesOverview,
  ProjectSummary,
  RunRequest,
  SignificanceRequest,
  SignificanceTable,
} from "./types";
import { httpBackend } from "./http";
import { tauriBackend } from "./tauri";

export type { ApiError } from "./types";

/** What a file dialog is for. */
export type PathChoice = "open-project" | "new-project" | "file" | "folder" | "model" | "tokenizer";

export interface Backend {
  /** Whether `choosePath` shows a native dialog (the desktop window) or nothing (a browser). */
  readonly canChoosePaths: boolean;
  /** Sets the window's (or tab's) title. */
  setTitle(title: string): Promise<void>;
  /** Asks the user for a path with a native dialog; null when cancelled or unavailable. */
  choosePath(choice: PathChoice): Promise<string | null>;
  /** Opens a project file and makes it current. */
  openProject(path: string): Promise<ProjectSummary>;
  /** Creates an empty project file and makes it current. */
  createProject(path: string): Promise<ProjectSummary>;
  /** Opens the bundled sample project (built on first use). */
  openSample(): Promise<ProjectSummary>;
  /** The current project's summary. */
  summary(): Promise<ProjectSummary>;
  /** Starts importing a file or folder into the current project (all or nothing) as a job. */
  startImport(request: ImportRequest): Promise<JobStatus>;
  /** Compares two systems of the current project question by question. */
  compare(request: CompareRequest): Promise<Comparison>;
  /** Agreement of the leaderboard with another one (a file, or official measures of TREC runs). */
  correlate(request: CorrelateRequest): Promise<CorrelationReport>;
  /** Every system against a baseline: paired tests over the questions, Holm-corrected. */
  significance(request: SignificanceRequest): Promise<SignificanceTable>;
  /** What the built-in pipelines of the current project need and have. */
  pipelines(): Promise<PipelinesOverview>;
  /** Adds the reference pipelines (a grid of retrievers × readers × top-k). */
  addPipelineGrid(request: GridRequest): Promise<PipelineInfo[]>;
  /** Starts preparing the corpus (chunks, embeddings, search index) in the background. */
  startIngest(request: IngestRequest): Promise<JobStatus>;
  /** Starts letting the built-in pipelines sit the exam in the background. */
  startRun(request: RunRequest): Promise<JobStatus>;
  /** Where a background job stands. */
  job(id: number): Promise<JobStatus>;
  /** Asks a background job to stop after its current batch (what it finished is kept). */
  cancelJob(id: number): Promise<JobStatus>;
  /** The last IRT model fitted on the newest exam, if any. */
  latestIrt(): Promise<IrtReport | null>;
  /** Fits an IRT model on the newest exam (and keeps it). */
  fitIrt(request: IrtRequest): Promise<IrtReport>;
  /** The project's IRT setting (model, method, preset), used by every panel. */
  irtSettings(): Promise<IrtSettings>;
  /** Sets the project's IRT setting. */
  setIrtSettings(settings: IrtSettings): Promise<IrtSettings>;
  /** Drops the weakest questions step by step, refitting the IRT model each time. */
  improveExam(request: ImproveRequest): Promise<ImprovementReport>;
  /** What the local models folder holds, and the models the user added. */
  models(): Promise<ModelsReport>;
  /** Adds the user's own ONNX model after its self-test (refused, with the reason, if it fails). */
  addModel(request: AddModelRequest): Promise<ModelSelfTest>;
  /** Runs a user model's self-test again. */
  testModel(name: string): Promise<ModelSelfTest>;
  /** Removes a model the user added. */
  removeModel(name: string): Promise<UserModelInfo>;
}

/** Whether a thrown value is the backend's `{code, message}` error. */
export function isApiError(value: unknown): value is ApiError {
  return typeof value === "object" && value !== null && "code" in value && "message" in value;
}

/** The message to show for anything a backend call threw. */
export function messageOf(error: unknown): string {
  if (isApiError(error)) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}

declare global {
  interface Window {
    __TAURI_INTERNALS__?: unknown;
  }
}

export const backend: Backend = window.__TAURI_INTERNALS__ ? tauriBackend() : httpBackend(window.location);
