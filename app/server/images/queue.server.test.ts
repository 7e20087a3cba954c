import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ImageRejectedError } from "#app/server/images/pipeline.server.ts";
import { createFairQueue, createImageQueue, type FairQueue } from "#app/server/images/queue.server.ts";

/** A job that notes when it starts and ends, then finishes on a later turn of the event loop. */
function recorder() {
  const events: string[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const job = (name: string) => async () => {
    events.push(name);
    running++;
    mostAtOnce = Math.max(mostAtOnce, running);
    await new Promise((resolve) => setImmediate(resolve));
    running--;
    return name;
  };
  return { events, job, mostAtOnce: () => mostAtOnce };
}

function enqueue(queue: FairQueue, job: (name: string) => () => Promise<string>, client: string, request: string, count: number) {
  return Array.from({ length: count }, (_, i) => queue.run({ client, request, weight: 1 }, job(`${client}/${request}#${i + 1}`)));
}

describe("the fair queue", () => {
  it("takes turns between clients: one photo sent after two visitors' six waits for one of each, not for all twelve", async () => {
    const queue = createFairQueue({ concurrency: 1, maxWeight: 100 });
    const { events, job } = recorder();
    const all = [...enqueue(queue, job, "a", "r1", 6), ...enqueue(queue, job, "b", "r2", 6), ...enqueue(queue, job, "c", "r3", 1)];
    await Promise.all(all);
    // a#1 started at once; then a, b and c take turns; c waits for a#1 (in progress), a#2 and b#1.
    expect(events.slice(0, 5)).toEqual(["a/r1#1", "a/r1#2", "b/r2#1", "c/r3#1", "a/r1#3"]);
    expect(events).toHaveLength(13);
  });

  it("takes turns between one client's requests too", async () => {
    const queue = createFairQueue({ concurrency: 1, maxWeight: 100 });
    const { events, job } = recorder();
    await Promise.all([...enqueue(queue, job, "a", "r1", 3), ...enqueue(queue, job, "a", "r2", 1)]);
    expect(events).toEqual(["a/r1#1", "a/r1#2", "a/r2#1", "a/r1#3"]);
  });

  it("a client whose turn came goes to the end of the round", async () => {
    const queue = createFairQueue({ concurrency: 1, maxWeight: 100 });
    const { events, job } = recorder();
    const first = enqueue(queue, job, "a", "r1", 2);
    const rest = [...enqueue(queue, job, "b", "r2", 2), ...enqueue(queue, job, "c", "r3", 2)];
    await Promise.all([...first, ...rest]);
    expect(events).toEqual(["a/r1#1", "a/r1#2", "b/r2#1", "c/r3#1", "b/r2#2", "c/r3#2"]);
  });

  it("runs at most `concurrency` jobs at once", async () => {
    const queue = createFairQueue({ concurrency: 2, maxWeight: 100 });
    const { events, job, mostAtOnce } = recorder();
    await Promise.all([...enqueue(queue, job, "a", "r1", 5), ...enqueue(queue, job, "b", "r2", 5)]);
    expect(events).toHaveLength(10);
    expect(mostAtOnce()).toBe(2);
    expect(queue.stats()).toEqual({ running: 0, waiting: 0, weight: 0 });
  });

  it("refuses work past the cap at once, admits the admin's, never refuses work into an empty queue, and frees the weight when done", async () => {
    const queue = createFairQueue({ concurrency: 1, maxWeight: 100 });
    const { job } = recorder();
    // Heavier than the cap, but the queue is empty: admitted.
    const huge = queue.tryRun({ client: "a", request: "r1", weight: 150 }, job("huge"));
    expect(huge).not.toBeNull();
    expect(queue.tryRun({ client: "b", request: "r2", weight: 1 }, job("small"))).toBeNull();
    await huge;
    const sixty = queue.tryRun({ client: "a", request: "r3", weight: 60 }, job("sixty"));
    const forty = queue.tryRun({ client: "b", request: "r4", weight: 40 }, job("forty"));
    expect(sixty).not.toBeNull();
    expect(forty).not.toBeNull();
    expect(queue.stats()).toMatchObject({ weight: 100 });
    expect(queue.tryRun({ client: "c", request: "r5", weight: 1 }, job("one more"))).toBeNull();
    const admin = queue.run({ client: "admin", request: "r6", weight: 50 }, job("admin"));
    expect(queue.stats()).toMatchObject({ weight: 150 });
    await expect(Promise.all([sixty, forty, admin])).resolves.toEqual(["sixty", "forty", "admin"]);
    expect(queue.stats()).toEqual({ running: 0, waiting: 0, weight: 0 });
  });

  it("a job that fails, even by throwing at once, settles its own promise and the next still runs", async () => {
    const queue = createFairQueue({ concurrency: 1, maxWeight: 100 });
    const ticket = { client: "a", request: "r1", weight: 1 };
    const results = await Promise.allSettled([
      queue.run(ticket, () => {
        throw new Error("at once");
      }),
      queue.run(ticket, () => Promise.reject(new Error("later"))),
      queue.run(ticket, async () => "fine"),
    ]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected", "fulfilled"]);
    expect(queue.stats()).toEqual({ running: 0, waiting: 0, weight: 0 });
  });
});

const ticket = (request: string) => ({ client: "ip:127.0.0.1", request, pixels: 600_000 });

describe("the image queue", () => {
  it("converts in turn, weighs photos in megapixels against the cap, and a refused photo does not hold up the next", async () => {
    const images = createImageQueue({ concurrency: 1, maxQueuedMegapixels: 1 });
    const png = await sharp({ create: { width: 1000, height: 600, channels: 3, background: "#456" } })
      .png()
      .toBuffer();
    const first = images.tryConvert(png, {}, ticket("r1"));
    expect(images.stats()).toEqual({ running: 1, waiting: 0, megapixels: 0.6 });
    // 0.6 + 0.6 MP would pass the 1 MP cap.
    expect(images.tryConvert(png, {}, ticket("r2"))).toBeNull();
    const refused = images.convert(Buffer.from("not an image"), {}, ticket("r3"));
    const after = images.convert(png, {}, ticket("r4"));
    const results = await Promise.allSettled([first!, refused, after]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(ImageRejectedError);
    expect((results[2] as PromiseFulfilledResult<{ width: number }>).value.width).toBe(1000);
    expect(images.stats()).toEqual({ running: 0, waiting: 0, megapixels: 0 });
  });
});
