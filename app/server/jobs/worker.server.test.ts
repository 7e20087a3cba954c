import { describe, expect, test } from "vitest";
import type { JobEvent, JobKind, JobResult, JobStore } from "#app/server/jobs/types.server.ts";
import { createJobWorker, type JobWorkerOptions } from "#app/server/jobs/worker.server.ts";

/** A row of an in-memory leased queue, as the repositories keep them in a table. */
interface Row {
  id: string;
  attempts: number;
  dueAt: number;
  lockedBy: string | null;
  lockedUntil: number;
  state: "pending" | "done" | "given-up";
  lastError: string | null;
}

function memoryStore(rows: Row[]): JobStore<Row> {
  const held = (id: string, workerId: string) => {
    const row = rows.find((candidate) => candidate.id === id);
    return row && row.lockedBy === workerId ? row : undefined;
  };
  const release = (row: Row, changes: Partial<Row>) => Object.assign(row, { lockedBy: null, lockedUntil: 0 }, changes);
  return {
    async claim({ workerId, leaseMs, now = new Date() }) {
      const at = now.getTime();
      const due = rows
        .filter((row) => row.state === "pending" && row.dueAt <= at && (row.lockedBy === null || row.lockedUntil < at))
        .toSorted((a, b) => a.dueAt - b.dueAt)[0];
      if (!due) return null;
      Object.assign(due, { lockedBy: workerId, lockedUntil: at + leaseMs, attempts: due.attempts + 1 });
      return { ...due };
    },
    async nextDueAt() {
      const pending = rows.filter((row) => row.state === "pending").map((row) => row.dueAt);
      return pending.length > 0 ? new Date(Math.min(...pending)) : null;
    },
    async complete(job, workerId) {
      const row = held(job.id, workerId);
      return row ? Boolean(release(row, { state: "done" })) : false;
    },
    async retry(job, { workerId, error, retryAt }) {
      const row = held(job.id, workerId);
      return row ? Boolean(release(row, { dueAt: retryAt.getTime(), lastError: error })) : false;
    },
    async giveUp(job, { workerId, error }) {
      const row = held(job.id, workerId);
      return row ? Boolean(release(row, { state: "given-up", lastError: error })) : false;
    },
  };
}

function newRow(id: string, dueAt = Date.now()): Row {
  return { id, attempts: 0, dueAt, lockedBy: null, lockedUntil: 0, state: "pending", lastError: null };
}

type Handler = (job: Row, signal: AbortSignal) => Promise<JobResult<string>>;

function setUp(
  rows: Row[],
  handler: Handler,
  kind: Partial<JobKind<Row, string>> = {},
  options: Partial<JobWorkerOptions<Row, string>> = {},
) {
  const events: JobEvent<Row, string>[] = [];
  const worker = createJobWorker({
    kind: {
      store: memoryStore(rows),
      run: (job, { signal }) => handler(job, signal),
      report: (event) => events.push(event),
      cutOffWords: { timeout: "too slow", shutdown: "stopped first" },
      backoff: { baseMs: 1_000, maxMs: 8_000 },
      ...kind,
    },
    leaseMs: 60_000,
    sendLimitMs: 5_000,
    concurrency: 2,
    pollMs: 60_000,
    minIdleMs: 5,
    workerId: "test-worker",
    ...options,
  });
  return { worker, events, types: () => events.map((event) => event.type) };
}

const never = () => new Promise<never>(() => {});
const waitUntil = async (check: () => boolean) => {
  const deadline = Date.now() + 2_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe("the job worker", () => {
  test("drain: done, retried after the backoff, or given up when the error is permanent", async () => {
    const rows = [newRow("ok"), newRow("flaky"), newRow("broken")];
    const { worker, events } = setUp(rows, async (job) =>
      job.id === "ok"
        ? { outcome: "done", detail: "sent" }
        : { outcome: "failed", error: `${job.id} failed`, permanent: job.id === "broken" },
    );
    const before = Date.now();
    expect(await worker.drain()).toBe(3);
    expect(rows.map((r) => [r.id, r.state, r.attempts, r.lockedBy])).toEqual([
      ["ok", "done", 1, null],
      ["flaky", "pending", 1, null],
      ["broken", "given-up", 1, null],
    ]);
    // The first retry: between half the base and the base (jitter over the upper half).
    expect(rows[1]!.dueAt - before).toBeGreaterThanOrEqual(500);
    expect(rows[1]!.dueAt - Date.now()).toBeLessThanOrEqual(1_000);
    expect(events).toMatchObject([
      { type: "done", detail: "sent", recorded: true },
      { type: "retry", error: "flaky failed", shutdown: false, recorded: true },
      { type: "gave-up", error: "broken failed", permanent: true, recorded: true },
    ]);
    // Not due again yet: a second drain takes nothing.
    expect(await worker.drain()).toBe(0);
  });

  test("given up after maxAttempts, or when the next attempt would fall after giveUpAt", async () => {
    const tired = { ...newRow("tired"), attempts: 2 };
    const late = newRow("late");
    const rows = [tired, late];
    const { worker, events } = setUp(rows, async (job) => ({ outcome: "failed", error: job.id, permanent: false }), {
      maxAttempts: 3,
      giveUpAt: (job) => new Date(job.id === "late" ? Date.now() + 100 : Date.now() + 3_600_000),
    });
    expect(await worker.drain()).toBe(2);
    expect(rows.map((r) => r.state)).toEqual(["given-up", "given-up"]);
    expect(events).toMatchObject([
      { type: "gave-up", permanent: false },
      { type: "gave-up", permanent: false },
    ]);
  });

  test("a handler that throws is reported and its job left to the lease; 'settled' records nothing", async () => {
    const rows = [newRow("throws"), newRow("settled")];
    const { worker, events } = setUp(rows, async (job) => {
      if (job.id === "throws") throw new Error("database gone");
      return { outcome: "settled", detail: "went with its subscription" };
    });
    expect(await worker.drain()).toBe(2);
    expect(rows[0]).toMatchObject({ state: "pending", lockedBy: "test-worker", attempts: 1 });
    expect(rows[1]).toMatchObject({ state: "pending", lockedBy: "test-worker" });
    expect(events).toMatchObject([
      { type: "unexpected", error: { message: "database gone" } },
      { type: "settled", detail: "went with its subscription" },
    ]);
  });

  test("work past the send limit is cut off (its signal aborted) and retried with the kind's words", async () => {
    const rows = [newRow("hangs")];
    let signal: AbortSignal | undefined;
    const { worker, events } = setUp(
      rows,
      (_job, given) => {
        signal = given;
        return never();
      },
      {},
      { sendLimitMs: 30 },
    );
    expect(await worker.drain()).toBe(1);
    expect(signal?.aborted).toBe(true);
    expect(rows[0]).toMatchObject({ state: "pending", lastError: "too slow", lockedBy: null });
    expect(events).toMatchObject([{ type: "retry", error: "too slow", shutdown: false }]);
  });

  test("stop({ abortAfterMs }) cuts off the work still running: due again at once, for the next process", async () => {
    const rows = [newRow("a"), newRow("b"), newRow("c")];
    const { worker, events, types } = setUp(rows, () => never());
    worker.start();
    // Two slots: two jobs claimed, the third waits.
    await waitUntil(() => rows.filter((r) => r.lockedBy).length === 2);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(rows.filter((r) => r.lockedBy)).toHaveLength(2);
    const before = Date.now();
    await worker.stop({ abortAfterMs: 20 });
    expect(types()).toEqual(["started", "cutting-off", "retry", "retry"]);
    expect(events[1]).toEqual({ type: "cutting-off", count: 2 });
    for (const cut of rows.slice(0, 2)) {
      expect(cut).toMatchObject({ state: "pending", lastError: "stopped first", lockedBy: null });
      expect(cut.dueAt).toBeLessThanOrEqual(Date.now());
      expect(cut.dueAt).toBeGreaterThanOrEqual(before);
    }
    expect(events[2]).toMatchObject({ type: "retry", shutdown: true });
    expect(rows[2]).toMatchObject({ attempts: 0, lockedBy: null });
  });

  test("kick(): a job queued while the worker sleeps is done at once; a stopped worker takes nothing", async () => {
    const rows: Row[] = [];
    const { worker } = setUp(rows, async () => ({ outcome: "done", detail: "sent" }));
    worker.start();
    await new Promise((resolve) => setTimeout(resolve, 20)); // first (empty) look done, now asleep for a minute
    rows.push(newRow("new"));
    worker.kick();
    await waitUntil(() => rows[0]!.state === "done");
    await worker.stop();
    rows.push(newRow("late"));
    worker.kick();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(rows[1]!.state).toBe("pending");
  });

  test("a lost claim is reported as not recorded", async () => {
    const rows = [newRow("stolen")];
    const { worker, events } = setUp(rows, async (job) => {
      // Another worker took the job over meanwhile (its lease ran out).
      rows.find((r) => r.id === job.id)!.lockedBy = "someone-else";
      return { outcome: "done", detail: "sent" };
    });
    expect(await worker.drain()).toBe(1);
    expect(events).toMatchObject([{ type: "done", recorded: false }]);
  });
});
