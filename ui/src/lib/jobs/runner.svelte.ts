// A background job started from a panel: its latest status, following its pushed progress until
// it ends, and Stop. One place for what every long-work panel needs.
import { backend, messageOf } from "../backend";
import type { JobStatus } from "../backend/types";
import { followJob } from "./follow";

export class JobRunner {
  job = $state<JobStatus | null>(null);
  problem = $state<string | null>(null);
  #unfollow: (() => void) | null = null;
  #onEnd: (status: JobStatus) => void;

  /** `onEnd` hears the job's last status (finished, cancelled or failed). */
  constructor(onEnd: (status: JobStatus) => void) {
    this.#onEnd = onEnd;
  }

  get running(): boolean {
    return this.job?.state === "running";
  }

  /** Starts a job with `begin` (a facade call answering the job's first status) and follows it. */
  async start(begin: () => Promise<JobStatus>): Promise<void> {
    this.problem = null;
    this.dispose();
    try {
      const first = await begin();
      this.job = first;
      this.#unfollow = followJob(
        backend.onJob,
        (id) => backend.job({ id }),
        first.id,
        (next) => {
          this.job = next;
          if (next.state !== "running") this.#onEnd(next);
        },
        (e) => (this.problem = messageOf(e)),
      );
    } catch (e) {
      this.problem = messageOf(e);
    }
  }

  /** Asks the job to stop after its current batch. */
  async stop(): Promise<void> {
    if (!this.job) return;
    try {
      this.job = await backend.cancelJob({ id: this.job.id });
    } catch (e) {
      this.problem = messageOf(e);
    }
  }

  /** Stops following (the job itself goes on). */
  dispose(): void {
    this.#unfollow?.();
    this.#unfollow = null;
  }
}
