import { describe, expect, test } from "vitest";
import { isDatabaseBusy } from "#app/server/db/busy.server.ts";
import { FifoLock } from "#app/server/db/fifo-lock.server.ts";

describe("FifoLock (this process's writers, ADR 043)", () => {
  test("grants at once when free, then in the order asked", async () => {
    const lock = new FifoLock();
    const far = performance.now() + 10_000;
    await lock.acquire(far, performance.now());
    expect(lock.held).toBe(true);
    const order: string[] = [];
    const second = lock.acquire(far, performance.now()).then(() => order.push("second"));
    const third = lock.acquire(far, performance.now()).then(() => order.push("third"));
    lock.release();
    await second;
    lock.release();
    await third;
    expect(order).toEqual(["second", "third"]);
    lock.release();
    expect(lock.held).toBe(false);
  });

  test("a waiter past its deadline leaves the queue with a busy error, and the next one still gets its turn", async () => {
    const lock = new FifoLock();
    await lock.acquire(performance.now() + 10_000, performance.now());
    const late = lock.acquire(performance.now() + 5, performance.now());
    const next = lock.acquire(performance.now() + 10_000, performance.now());
    const error = await late.catch((caught: unknown) => caught);
    expect(isDatabaseBusy(error)).toBe(true);
    lock.release();
    await next;
    expect(lock.held).toBe(true);
  });
});
