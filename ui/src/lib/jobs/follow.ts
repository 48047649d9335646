// Long work runs on the backend as a job; the page asks for its status a few times a second
// until it ends.
import { backend } from "../backend";
import type { JobStatus } from "../backend/types";

/** Polls job `id` every `every` ms, handing each status to `onUpdate` (the last one has ended).
 *  Returns a function that stops polling. */
export function followJob(
  id: number,
  onUpdate: (status: JobStatus) => void,
  onError: (error: unknown) => void,
  every = 400,
): () => void {
  let stopped = false;
  const timer = setInterval(async () => {
    try {
      const status = await backend.job(id);
      if (stopped) return;
      if (status.state !== "running") {
        stopped = true;
        clearInterval(timer);
      }
      onUpdate(status);
    } catch (e) {
      stopped = true;
      clearInterval(timer);
      onError(e);
    }
  }, every);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
