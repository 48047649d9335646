import type { Platform } from "./index";
import type { ApiError, JobStatus, ProjectPath } from "./types";

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

/** Splits a Server-Sent Events text into its complete events' data; returns them and the rest. */
export function sseEvents(buffer: string): { events: { event: string; data: string }[]; rest: string } {
  const events: { event: string; data: string }[] = [];
  const blocks = buffer.replace(/\r\n/g, "\n").split("\n\n");
  const rest = blocks.pop() ?? "";
  for (const block of blocks) {
    let event = "message";
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith("event:")) event = line.slice(6).trim();
      else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
    }
    if (data.length > 0) events.push({ event, data: data.join("\n") });
  }
  return { events, rest };
}

/** The browser's platform: JSON over HTTP to `proctor serve` on the same origin. */
export function httpPlatform(location: Location, fetcher: typeof fetch = fetch.bind(window)): Platform {
  const token = sessionToken(location, window.sessionStorage);
  const auth = { Authorization: `Bearer ${token}` };

  async function answer(response: Response): Promise<unknown> {
    const payload: unknown = await response.json().catch(() => null);
    if (!response.ok) throw (payload ?? { code: "internal", message: `HTTP ${response.status}` }) as ApiError;
    return payload;
  }

  function unreachable(e: unknown): ApiError {
    return { code: "internal", message: `Proctor is not reachable: ${String(e)}` };
  }

  const listeners = new Set<(status: JobStatus) => void>();
  let streaming = false;

  /** One event stream for the tab, reopened after a pause if it drops. */
  async function stream() {
    streaming = true;
    while (listeners.size > 0) {
      try {
        const response = await fetcher("/api/events", { headers: auth });
        if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const parsed = sseEvents(buffer + value);
          buffer = parsed.rest;
          for (const e of parsed.events) {
            if (e.event !== "job") continue;
            const status = JSON.parse(e.data) as JobStatus;
            for (const listener of listeners) listener(status);
          }
        }
      } catch {
        // The server went away or restarted: try again shortly.
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
    streaming = false;
  }

  return {
    // A browser cannot hand a local path to the server: files are uploaded instead.
    canChoosePaths: false,
    async send(name, request) {
      let response: Response;
      try {
        response = await fetcher(`/api/${name}`, {
          method: "POST",
          headers: { ...auth, "Content-Type": "application/json" },
          body: JSON.stringify(request ?? null),
        });
      } catch (e) {
        throw unreachable(e);
      }
      return answer(response);
    },
    setTitle: (title) => {
      document.title = title;
      return Promise.resolve();
    },
    choosePath: () => Promise.resolve(null),
    onJob(listener) {
      listeners.add(listener);
      if (!streaming) void stream();
      return () => listeners.delete(listener);
    },
    upload(file, onProgress, folder) {
      // XMLHttpRequest reports upload progress; fetch does not.
      return new Promise((resolve, reject) => {
        const request = new XMLHttpRequest();
        const place = folder ? `?folder=${encodeURIComponent(folder)}` : "";
        request.open("PUT", `/api/upload/${encodeURIComponent(file.name)}${place}`);
        request.setRequestHeader("Authorization", auth.Authorization);
        request.upload.onprogress = (e) => onProgress?.(e.loaded, e.total);
        request.onerror = () => reject(unreachable("the upload broke off"));
        request.onload = () => {
          let payload: unknown = null;
          try {
            payload = JSON.parse(request.responseText);
          } catch {
            payload = null;
          }
          if (request.status >= 200 && request.status < 300) resolve((payload as ProjectPath).path);
          else reject((payload ?? { code: "internal", message: `HTTP ${request.status}` }) as ApiError);
        };
        request.send(file);
      });
    },
    onDropPaths: () => () => undefined,
  };
}
