// The one module that talks to the backend: the generated client (one typed function per use
// case of crates/api/src/workbench/table.rs) over one of two transports — Tauri's invoke inside the
// desktop window, HTTP to `proctor serve` in a browser — plus what differs between the two
// (dialogs, uploads, pushed job events).
import type { ApiError, JobStatus } from "./types";
import { client, type Client } from "./client";
import { httpPlatform } from "./http";
import { tauriPlatform } from "./tauri";

export type { ApiError } from "./types";

/** What a file dialog is for. */
export type PathChoice = "open-project" | "new-project" | "file" | "folder" | "model" | "gguf" | "tokenizer" | "save-file";

/** What the window and the browser do differently. */
export interface Platform {
  /** Whether `choosePath` shows a native dialog (the desktop window) or nothing (a browser). */
  readonly canChoosePaths: boolean;
  /** Sends one use case's request; rejects with the backend's `{code, message}`. */
  send(name: string, request: unknown): Promise<unknown>;
  /** Sets the window's (or tab's) title. */
  setTitle(title: string): Promise<void>;
  /** Asks the user for a path with a native dialog (`suggested`: the file name a save dialog
   * proposes); null when cancelled or unavailable. */
  choosePath(choice: PathChoice, suggested?: string): Promise<string | null>;
  /** Calls `onJob` with every job's status as the backend pushes it; returns the unsubscriber. */
  onJob(onJob: (status: JobStatus) => void): () => void;
  /** Browser mode: sends a file into the project's folder; resolves to its path there. */
  /** Sends a file to the server's uploads folder (into `folder` below it when given). */
  upload(file: File, onProgress?: (sent: number, total: number) => void, folder?: string): Promise<string>;
  /** Desktop: calls `onDrop` with the paths of files dropped on the window. */
  onDropPaths(onDrop: (paths: string[]) => void): () => void;
}

export type Backend = Client & Platform;

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

/** The backend over a platform: the generated client plus the platform's own parts. */
export function backendOver(platform: Platform): Backend {
  return { ...platform, ...client((name, request) => platform.send(name, request)) };
}

export const backend: Backend = backendOver(
  window.__TAURI_INTERNALS__ ? tauriPlatform() : httpPlatform(window.location),
);
