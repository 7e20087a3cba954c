/** The jobs a worker has in progress, loop and drain alike, so stop() can wait for them. */
interface InFlight {
  readonly size: number;
  /** Counts `work` in until it settles; returns it. */
  track(work: Promise<void>): Promise<void>;
  /** Resolves once everything in progress now has settled. */
  settled(): Promise<unknown>;
}

export function createInFlight(): InFlight {
  const running = new Set<Promise<void>>();
  return {
    get size() {
      return running.size;
    },
    track(work) {
      running.add(work);
      void work.finally(() => running.delete(work));
      return work;
    },
    settled: () => Promise.allSettled(running),
  };
}
