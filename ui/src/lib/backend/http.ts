import type { Backend } from "./index";
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
  ProjectPath,
  ProjectSummary,
  RunRequest,
  SignificanceRequest,
  SignificanceTable,
} from "./types";

const TOKEN_KEY = "proctor-token";

/** The session token: from the address `proctor serve` printed, remembered for the tab. */
export function sessionToken(location: Pick<Location, "search">, storage: Pick<Storage, "getItem" | "setItem">): string {
  const fromUrl = new URLSearchParams(location.search).get("token");
  if (fromUrl) {
    storage.setItem(TOKEN_KEY, fromUrl);
    return fromUrl;
  }
  return storage.getItem(TOKEN_KEY) ?? "";
}

/** The browser's backend: JSON over HTTP to `proctor serve` on the same origin. */
export function httpBackend(location: Location, fetcher: typeof fetch = fetch.bind(window)): Backend {
  const token = sessionToken(location, window.sessionStorage);

  async function call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetcher(`/api${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (e) {
      throw { code: "internal", message: `Proctor is not reachable: ${String(e)}` } satisfies ApiError;
    }
    const payload: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      throw (payload ?? { code: "internal", message: `HTTP ${response.status}` }) as ApiError;
    }
    return payload as T;
  }

  return {
    // A browser cannot hand a local path to the server: the user types it.
    canChoosePaths: false,
    setTitle: (title) => {
      document.title = title;
      return Promise.resolve();
    },
    choosePath: () => Promise.resolve(null),
    openProject: (path) => call<ProjectSummary>("POST", "/projects/open", { path } satisfies ProjectPath),
    createProject: (path) => call<ProjectSummary>("POST", "/projects/create", { path } satisfies ProjectPath),
    openSample: () => call<ProjectSummary>("POST", "/projects/sample"),
    summary: () => call<ProjectSummary>("GET", "/summary"),
    startImport: (request: ImportRequest) => call<JobStatus>("POST", "/jobs/import", request),
    compare: (request: CompareRequest) => call<Comparison>("POST", "/compare", request),
    correlate: (request: CorrelateRequest) => call<CorrelationReport>("POST", "/correlate", request),
    significance: (request: SignificanceRequest) => call<SignificanceTable>("POST", "/significance", request),
    pipelines: () => call<PipelinesOverview>("GET", "/pipelines"),
    addPipelineGrid: (request: GridRequest) => call<PipelineInfo[]>("POST", "/pipelines/grid", request),
    startIngest: (request: IngestRequest) => call<JobStatus>("POST", "/jobs/ingest", request),
    startRun: (request: RunRequest) => call<JobStatus>("POST", "/jobs/run", request),
    job: (id: number) => call<JobStatus>("GET", `/jobs/${id}`),
    cancelJob: (id: number) => call<JobStatus>("POST", `/jobs/${id}/cancel`),
    latestIrt: () => call<IrtReport | null>("GET", "/irt"),
    fitIrt: (request: IrtRequest) => call<IrtReport>("POST", "/irt", request),
    irtSettings: () => call<IrtSettings>("GET", "/irt/settings"),
    setIrtSettings: (settings: IrtSettings) => call<IrtSettings>("POST", "/irt/settings", settings),
    improveExam: (request: ImproveRequest) => call<ImprovementReport>("POST", "/irt/improve", request),
    models: () => call<ModelsReport>("GET", "/models"),
    addModel: (request: AddModelRequest) => call<ModelSelfTest>("POST", "/models/add", request),
    testModel: (name: string) => call<ModelSelfTest>("POST", "/models/test", { name }),
    removeModel: (name: string) => call<UserModelInfo>("POST", "/models/remove", { name }),
  };
}
