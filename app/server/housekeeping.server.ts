/**
 * A housekeeping task run by the host: once at start, then every `intervalMs` (an hour by
 * default). A failure is logged as a warning and the task runs again next time; the timer
 * never keeps the process alive.
 */
import type { Logger } from "#app/server/logger.server.ts";

export interface Housekeeping {
  stop(): void;
  runOnce(): Promise<void>;
}

export function startHousekeeping({
  name,
  logger,
  task,
  intervalMs = 3600 * 1000,
}: {
  /** Names the task in the warning: "<name> housekeeping failed; will try again". */
  name: string;
  logger: Logger;
  task: () => Promise<void>;
  intervalMs?: number;
}): Housekeeping {
  async function runOnce() {
    try {
      await task();
    } catch (error) {
      logger.warn(`${name} housekeeping failed; will try again`, { error });
    }
  }
  void runOnce();
  const timer = setInterval(() => void runOnce(), intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer), runOnce };
}
