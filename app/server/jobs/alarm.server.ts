/**
 * The worker's sleep between looks for due jobs: cut short by a kick (a job was just queued, or a
 * slot freed up) or by a stop.
 */
interface Alarm {
  /** Sleeps `ms`, or returns at once when kicked since the last sleep. */
  sleep(ms: number): Promise<void>;
  /** Ends the sleep now, or makes the next one return at once. */
  kick(): void;
  /** Ends the sleep now (a stop); the next one sleeps as usual. */
  wake(): void;
  /** Forgets a kick (the loop starts afresh). */
  reset(): void;
}

export function createAlarm(): Alarm {
  /** Set by kick(): skip the next sleep. */
  let kicked = false;
  let wake: (() => void) | undefined;
  return {
    sleep(ms) {
      if (kicked) {
        kicked = false;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        timer.unref();
        function done() {
          clearTimeout(timer);
          wake = undefined;
          kicked = false;
          resolve();
        }
        wake = done;
      });
    },
    kick() {
      kicked = true;
      wake?.();
    },
    wake() {
      wake?.();
    },
    reset() {
      kicked = false;
    },
  };
}
