/** A logger whose JSON lines a test reads back: the app's own logger, writing into an array. */
import { createLogger, type Logger } from "#app/server/logger.server.ts";

export interface LogLine {
  level: string;
  msg: string;
  [key: string]: unknown;
}

/** Logs everything from debug up into `lines`, parsed. */
export function captureLogger(): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  return { logger: createLogger({ level: "debug", write: (line) => lines.push(JSON.parse(line) as LogLine) }), lines };
}
