/**
 * Work that may hang (a send to a mail server or a push service) runs under a time limit, and a
 * shutdown cuts off what still runs (docs/decisions/047-mail-that-hangs.md). The cut-off happens
 * while the job's lease still holds, so no other worker takes the job over and does it twice.
 */

/**
 * The error a send is cut off with: too long (the send limit) or the process stopping. A
 * shutdown is not the mail server's fault, so its job is due again at once, for the next process.
 */
export class SendCutOff extends Error {
  readonly reason: "timeout" | "shutdown";
  constructor(reason: "timeout" | "shutdown", message: string) {
    super(message);
    this.name = "SendCutOff";
    this.reason = reason;
  }
}

/**
 * Settles with `work`, or rejects with the signal's reason as soon as it aborts, whether or not
 * `work` ever settles: a transport that ignores the signal cannot hold the worker past its limit.
 */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    work.catch(() => {});
    return Promise.reject(signal.reason as Error);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      work.catch(() => {});
      reject(signal.reason as Error);
    };
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** What a cut-off job's error says, in its kind's words (recorded as its last error). */
export interface CutOffWords {
  timeout: string;
  shutdown: string;
}

export interface CutOffs {
  /** The runs in progress. */
  readonly size: number;
  /**
   * Runs `work` with a signal that aborts at the limit, or at once after `cutOffAll()`; rejects
   * with a `SendCutOff` at that moment, whether or not `work` ever settles.
   */
  run<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /** The shutdown: cuts off every run in progress, and every run started from now on. */
  cutOffAll(): void;
}

export function createCutOffs({ limitMs, words }: { limitMs: number; words: CutOffWords }): CutOffs {
  /** One per run in progress, to cut it off. */
  const running = new Set<AbortController>();
  /** Set when a shutdown cuts the runs off; a run that starts after that is cut off at once. */
  let shutdown: SendCutOff | undefined;
  return {
    get size() {
      return running.size;
    },
    async run(work) {
      const controller = new AbortController();
      running.add(controller);
      const limit = setTimeout(() => controller.abort(new SendCutOff("timeout", words.timeout)), limitMs);
      if (shutdown) controller.abort(shutdown);
      try {
        // Raced here as well as handed to the work: work that ignores the signal is left behind.
        return await untilAborted(work(controller.signal), controller.signal);
      } finally {
        clearTimeout(limit);
        running.delete(controller);
      }
    },
    cutOffAll() {
      shutdown = new SendCutOff("shutdown", words.shutdown);
      for (const controller of running) controller.abort(shutdown);
    },
  };
}
