// Long work runs on the backend as a job; its progress is pushed (Tauri events in the window,
// Server-Sent Events in a browser). Following a job means listening for its pushed statuses,
// after asking once for where it stands (it may have ended before the listener was attached).
import type { JobStatus } from "../backend/types";

/** Hands each pushed status of job `id` to `onUpdate` until one has ended (the last one given).
 *  Returns a function that stops following. */
export function followJob(
  subscribe: (listener: (status: JobStatus) => void) => () => void,
  current: (id: number) => Promise<JobStatus>,
  id: number,
  onUpdate: (status: JobStatus) => void,
  onError: (error: unknown) => void,
): () => void {
  let ended = false;
  const take = (status: JobStatus) => {
    if (ended || status.id !== id) return;
    if (status.state !== "running") {
      ended = true;
      unsubscribe();
    }
    onUpdate(status);
  };
  const unsubscribe = subscribe(take);
  current(id).then(take, (e: unknown) => {
    if (ended) return;
    ended = true;
    unsubscribe();
    onError(e);
  });
  return () => {
    ended = true;
    unsubscribe();
  };
}
