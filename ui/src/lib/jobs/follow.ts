// Long work runs on the backend as a job; the page asks for its status a few times a second
// until it ends.
import type { JobStatus } from "../backend/types";

/** Polls job `id` with `status` every `every` ms, handing each status to `onUpdate` (the last one
 *  has ended). Returns a function that stops polling. */
export function followJob(
  status: (id: number) => Promise<JobStatus>,
  id: number,
  onUpdate: (status: JobStatus) => void,
  onError: (error: unknown) => void,
  every = 400,
): () => void {
  let stopped = false;
  const timer = setInterval(async () => {
    try {
      const next = await status(id);
      if (stopped) return;
      if (next.state !== "running") {
        stopped = true;
        clearInterval(timer);
      }
      onUpdate(next);
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
