import { invoke } from "@tauri-apps/api/core";
import { getCurrentWindow } from "@tauri-apps/api/window";
import { open, save } from "@tauri-apps/plugin-dialog";
import type { Backend, PathChoice } from "./index";
import type {
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
  ProjectPath,
  ProjectSummary,
  RunRequest,
  SignificanceRequest,
  SignificanceTable,
} from "./types";

/** The desktop window's backend: Tauri commands that call the facade. */
const PROJECT_FILTER = [{ name: "Proctor project", extensions: ["proctor"] }];

async function choosePath(choice: PathChoice): Promise<string | null> {
  switch (choice) {
    case "open-project":
      return open({ title: "Open a Proctor project", filters: PROJECT_FILTER, multiple: false, directory: false });
    case "new-project":
      return save({ title: "Save the new project as", filters: PROJECT_FILTER, defaultPath: "evaluation.proctor" });
    case "file":
      return open({ title: "Choose a file to import", multiple: false, directory: false });
    case "folder":
      return open({ title: "Choose a folder of documents", multiple: false, directory: true });
    case "model":
      return open({ title: "Choose an ONNX model", filters: [{ name: "ONNX model", extensions: ["onnx"] }], multiple: false, directory: false });
    case "tokenizer":
      return open({ title: "Choose its tokenizer.json", filters: [{ name: "Tokenizer", extensions: ["json"] }], multiple: false, directory: false });
  }
}

export function tauriBackend(): Backend {
  return {
    canChoosePaths: true,
    setTitle: (title) => getCurrentWindow().setTitle(title),
    choosePath,
    openProject: (path) => invoke<ProjectSummary>("open_project", { project: { path } satisfies ProjectPath }),
    createProject: (path) => invoke<ProjectSummary>("create_project", { project: { path } satisfies ProjectPath }),
    openSample: () => invoke<ProjectSummary>("open_sample"),
    summary: () => invoke<ProjectSummary>("summary"),
    startImport: (request: ImportRequest) => invoke<JobStatus>("start_import", { request }),
    compare: (request: CompareRequest) => invoke<Comparison>("compare", { request }),
    correlate: (request: CorrelateRequest) => invoke<CorrelationReport>("correlate", { request }),
    significance: (request: SignificanceRequest) => invoke<SignificanceTable>("significance", { request }),
    pipelines: () => invoke<PipelinesOverview>("pipelines"),
    addPipelineGrid: (request: GridRequest) => invoke<PipelineInfo[]>("add_pipeline_grid", { request }),
    startIngest: (request: IngestRequest) => invoke<JobStatus>("start_ingest", { request }),
    startRun: (request: RunRequest) => invoke<JobStatus>("start_run", { request }),
    job: (id: number) => invoke<JobStatus>("job", { id }),
    cancelJob: (id: number) => invoke<JobStatus>("cancel_job", { id }),
    latestIrt: () => invoke<IrtReport | null>("latest_irt"),
    fitIrt: (request: IrtRequest) => invoke<IrtReport>("fit_irt", { request }),
    irtSettings: () => invoke<IrtSettings>("irt_settings"),
    setIrtSettings: (settings: IrtSettings) => invoke<IrtSettings>("set_irt_settings", { settings }),
    improveExam: (request: ImproveRequest) => invoke<ImprovementReport>("improve_exam", { request }),
    models: () => invoke<ModelsReport>("models"),
    addModel: (request: AddModelRequest) => invoke<ModelSelfTest>("add_model", { request }),
    testModel: (name: string) => invoke<ModelSelfTest>("test_model", { model: { name } }),
    removeModel: (name: string) => invoke<UserModelInfo>("remove_model", { model: { name } }),
  };
}
