// Every job of the session, kept current by the statuses the backend pushes.
import { backend } from "../backend";
import type { JobStatus } from "../backend/types";

class Jobs {
  all = $state<JobStatus[]>([]);
  get running(): JobStatus[] {
    return this.all.filter((j) => j.state === "running");
  }
  take(status: JobStatus) {
    const at = this.all.findIndex((j) => j.id === status.id);
    if (at >= 0) this.all[at] = status;
    else this.all = [status, ...this.all];
  }
}

export const jobs = new Jobs();

/** Starts listening; returns the function that stops. */
export function watchJobs(): () => void {
  const stop = backend.onJob((s) => jobs.take(s));
  backend.jobs().then(
    (list) => list.forEach((s) => jobs.take(s)),
    () => undefined,
  );
  return stop;
}
