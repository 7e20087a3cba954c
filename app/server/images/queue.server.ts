/**
 * The process's one image queue: every photo conversion (a homeowner's photos of the job, an
 * admin's upload or rotation, the Firebase import) waits here for its turn, so that image work
 * is bounded whoever asks for it. docs/decisions/045-image-queue.md
 *
 * - A fixed number of conversions at once (IMAGE_CONCURRENCY): each holds a full-size decode and
 *   an encoder (ADR 011: about 200 MB at the peak), and more than the cores only makes every
 *   photo slower.
 * - Fair: turns go round-robin between clients (a visitor's address, an admin), and within a
 *   client between its requests, one photo per turn. A homeowner's one photo waits for the photo
 *   in progress and at most one photo of each other client waiting, never for all of another
 *   visitor's six.
 * - A cap on the pixels the queue holds (waiting and in progress, IMAGE_QUEUE_MAX_MEGAPIXELS):
 *   work that would pass it is refused at once (`tryConvert` gives null), so the queue, and the
 *   time the last photo in it waits, stay bounded. The cap never refuses work when the queue is
 *   empty. An admin's work may be admitted past it (`convert`): it still waits only its fair turn.
 *
 * The queue is built once by the host (server/main.ts, server/cli.ts) and handed to the features.
 */
import { processImage, type ProcessImageOptions, type ProcessedImage } from "#app/server/images/pipeline.server.ts";

/** Whose work a job is, for the turns, and what it weighs against the cap. */
interface Ticket {
  /** Turns go round-robin between clients: a visitor's address (`ip:…`), an admin (`admin:…`). */
  client: string;
  /** Within a client, turns go round-robin between its requests. */
  request: string;
  /** Against the cap: pixels for images. */
  weight: number;
}

export interface FairQueue {
  /** Runs `work` in its turn, admitted whatever the queue holds. */
  run<T>(ticket: Ticket, work: () => Promise<T>): Promise<T>;
  /** Runs `work` in its turn, or gives null at once when its weight would take the queue past the cap. */
  tryRun<T>(ticket: Ticket, work: () => Promise<T>): Promise<T> | null;
  /** Jobs running, jobs waiting, and the weight of both. */
  stats(): { running: number; waiting: number; weight: number };
}

interface Entry {
  weight: number;
  work: () => Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * A round-robin queue with a concurrency and a weight cap. A Map keeps insertion order, so a
 * client (and a request within it) that has just had its turn is deleted and set again: it
 * moves to the end of the ring.
 */
export function createFairQueue({ concurrency, maxWeight }: { concurrency: number; maxWeight: number }): FairQueue {
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`concurrency must be a whole number from 1, not ${concurrency}`);
  const clients = new Map<string, Map<string, Entry[]>>();
  let running = 0;
  let waiting = 0;
  let weight = 0;

  function take(): Entry | null {
    const first = clients.entries().next();
    if (first.done) return null;
    const [client, requests] = first.value;
    const [request, entries] = requests.entries().next().value!;
    const entry = entries.shift()!;
    requests.delete(request);
    if (entries.length > 0) requests.set(request, entries);
    clients.delete(client);
    if (requests.size > 0) clients.set(client, requests);
    return entry;
  }

  function pump(): void {
    while (running < concurrency) {
      const entry = take();
      if (!entry) return;
      waiting--;
      running++;
      // The place and the weight are given back before the job's caller hears: what it does next
      // sees the queue without it. A job that throws, even at once, settles its own promise.
      const done = () => {
        running--;
        weight -= entry.weight;
        pump();
      };
      void Promise.resolve()
        .then(entry.work)
        .then(
          (value) => {
            done();
            entry.resolve(value);
          },
          (error: unknown) => {
            done();
            entry.reject(error);
          },
        );
    }
  }

  function add<T>(ticket: Ticket, work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const entry: Entry = { weight: ticket.weight, work, resolve: resolve as (value: unknown) => void, reject };
      let requests = clients.get(ticket.client);
      if (!requests) clients.set(ticket.client, (requests = new Map()));
      const entries = requests.get(ticket.request);
      if (entries) entries.push(entry);
      else requests.set(ticket.request, [entry]);
      waiting++;
      weight += ticket.weight;
      pump();
    });
  }

  return {
    run: add,
    tryRun(ticket, work) {
      if (weight > 0 && weight + ticket.weight > maxWeight) return null;
      return add(ticket, work);
    },
    stats: () => ({ running, waiting, weight }),
  };
}

interface ImageTicket {
  client: string;
  request: string;
  /** width × height from the photo's header (`readImageSize`), before any pixel is decoded. */
  pixels: number;
}

export interface ImageQueue {
  /** Converts the photo in its turn (an admin's work: admitted past the cap). */
  convert(input: string | Buffer, options: ProcessImageOptions, ticket: ImageTicket): Promise<ProcessedImage>;
  /** Converts the photo in its turn, or gives null at once when the queue is full (a visitor's work). */
  tryConvert(input: string | Buffer, options: ProcessImageOptions, ticket: ImageTicket): Promise<ProcessedImage> | null;
  stats(): { running: number; waiting: number; megapixels: number };
}

const ticketOf = ({ client, request, pixels }: ImageTicket): Ticket => ({ client, request, weight: pixels });

export function createImageQueue({ concurrency, maxQueuedMegapixels }: { concurrency: number; maxQueuedMegapixels: number }): ImageQueue {
  // Weighed in whole pixels: integer sums come back to exactly 0 when the queue empties.
  const queue = createFairQueue({ concurrency, maxWeight: Math.floor(maxQueuedMegapixels * 1_000_000) });
  return {
    convert: (input, options, ticket) => queue.run(ticketOf(ticket), () => processImage(input, options)),
    tryConvert: (input, options, ticket) => queue.tryRun(ticketOf(ticket), () => processImage(input, options)),
    stats() {
      const { running, waiting, weight } = queue.stats();
      return { running, waiting, megapixels: Math.round(weight / 100_000) / 10 };
    },
  };
}
