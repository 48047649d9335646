import { invoke } from "@tauri-apps/api/core";
import type { Backend } from "./index";
import type { ImportReport, ImportRequest, ProjectPath, ProjectSummary } from "./types";

/** The desktop window's backend: Tauri commands that call the facade. */
export function tauriBackend(): Backend {
  return {
    openProject: (path) => invoke<ProjectSummary>("open_project", { project: { path } satisfies ProjectPath }),
    createProject: (path) => invoke<ProjectSummary>("create_project", { project: { path } satisfies ProjectPath }),
    openSample: () => invoke<ProjectSummary>("open_sample"),
    summary: () => invoke<ProjectSummary>("summary"),
    importFile: (request: ImportRequest) => invoke<ImportReport>("import_file", { request }),
  };
}
