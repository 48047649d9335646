import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
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
  };
}

describe("followJob", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("polls until the job ends, then stops", async () => {
    const answers = [status("running", 3), status("running", 7), status("finished", 10)];
    const fetch = vi.fn(async () => answers.shift() ?? status("finished", 10));
    const seen: JobStatus[] = [];
    followJob(fetch, 1, (s) => seen.push(s), () => {}, 100);
    await vi.advanceTimersByTimeAsync(1000);
    expect(seen.map((s) => [s.state, s.done])).toEqual([
      ["running", 3],
      ["running", 7],
      ["finished", 10],
    ]);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it("stops when told to, and reports a failing request", async () => {
    const fetch = vi.fn(async () => status("running", 1));
    const stop = followJob(fetch, 1, () => {}, () => {}, 100);
    await vi.advanceTimersByTimeAsync(250);
    stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetch).toHaveBeenCalledTimes(2);

    const errors: unknown[] = [];
    const failing = vi.fn(async () => {
      throw new Error("Proctor is not reachable");
    });
    followJob(failing, 1, () => {}, (e) => errors.push(e), 100);
    await vi.advanceTimersByTimeAsync(1000);
    expect(failing).toHaveBeenCalledTimes(1);
    expect(errors).toHaveLength(1);
  });
});
