import { describe, expect, it, vi } from "vitest";
import type { JobState, JobStatus } from "../backend/types";
import { followJob } from "./follow";

function status(state: JobState, done: number): JobStatus {
  return {
    id: 1,
    title: "Running the pipelines",
    stage: "Answering",
    detail: "",
    done,
    total: 10,
    elapsed_seconds: done,
    rate: null,
    eta_seconds: null,
    state,
    error: null,
    import: null,
    ingest: null,
    run: null,
    reader_check: null,
    generation: null,
    generated_reading: null,
    endpoint_run: null,
    reply_check: null,
  };
}

describe("followJob", () => {
  /** A push channel the test drives. */
  function channel() {
    const listeners = new Set<(s: JobStatus) => void>();
    return {
      subscribe: (l: (s: JobStatus) => void) => {
        listeners.add(l);
        return () => listeners.delete(l);
      },
      push: (s: JobStatus) => listeners.forEach((l) => l(s)),
      get size() {
        return listeners.size;
      },
    };
  }

  it("hands on pushed statuses of its job until it ends, then stops listening", async () => {
    const events = channel();
    const seen: JobStatus[] = [];
    followJob(events.subscribe, async () => status("running", 1), 1, (s) => seen.push(s), () => {});
    await Promise.resolve();
    events.push(status("running", 3));
    events.push({ ...status("running", 5), id: 2 });
    events.push(status("finished", 10));
    events.push(status("running", 99));
    expect(seen.map((s) => [s.state, s.done])).toEqual([
      ["running", 1],
      ["running", 3],
      ["finished", 10],
    ]);
    expect(events.size).toBe(0);
  });

  it("sees a job that ended before it listened, and reports a failing request", async () => {
    const events = channel();
    const seen: JobStatus[] = [];
    followJob(events.subscribe, async () => status("finished", 10), 1, (s) => seen.push(s), () => {});
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(events.size).toBe(0);

    const errors: unknown[] = [];
    const failing = vi.fn(async () => {
      throw new Error("Proctor is not reachable");
    });
    followJob(events.subscribe, failing, 1, () => {}, (e) => errors.push(e));
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    expect(events.size).toBe(0);
  });
});
