import { invoke } from "@tauri-apps/api/core";
import { listen } from "@tauri-apps/api/event";
import { getCurrentWebview } from "@tauri-apps/api/webview";
import { getCurrentWindow } from "@tauri-apps/api/window";
import { open, save } from "@tauri-apps/plugin-dialog";
import type { PathChoice, Platform } from "./index";
import type { ApiError, JobStatus } from "./types";

const PROJECT_FILTER = [{ name: "Proctor project", extensions: ["proctor"] }];

async function choosePath(choice: PathChoice, suggested?: string): Promise<string | null> {
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
    case "gguf":
      return open({ title: "Choose a GGUF language model", filters: [{ name: "GGUF model", extensions: ["gguf"] }], multiple: false, directory: false });
    case "save-file":
      return save({ title: "Save the file as", defaultPath: suggested });
    case "tokenizer":
      return open({ title: "Choose its tokenizer.json", filters: [{ name: "Tokenizer", extensions: ["json"] }], multiple: false, directory: false });
  }
}

/** Subscribes through a promise-returning listen; the returned function unsubscribes either way. */
function subscription(started: Promise<() => void>): () => void {
  let stop: (() => void) | null = null;
  let cancelled = false;
  void started.then((unlisten) => {
    if (cancelled) unlisten();
    else stop = unlisten;
  });
  return () => {
    cancelled = true;
    stop?.();
  };
}

/** The desktop window's platform: every use case through the one `call` command. */
export function tauriPlatform(): Platform {
  return {
    canChoosePaths: true,
    send: (name, request) => invoke("call", { name, request: request ?? null }),
    setTitle: (title) => getCurrentWindow().setTitle(title),
    choosePath,
    onJob: (onJob) => subscription(listen<JobStatus>("job", (e) => onJob(e.payload))),
    upload: () =>
      Promise.reject({ code: "invalid_input", message: "the window imports files from their place; no upload is needed" } satisfies ApiError),
    onDropPaths: (onDrop) =>
      subscription(
        getCurrentWebview().onDragDropEvent((e) => {
          if (e.payload.type === "drop") onDrop(e.payload.paths);
        }),
      ),
  };
}
