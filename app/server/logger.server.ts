/**
 * Structured logs: one JSON object per line on stdout (errors on stderr),
 * so any log shipper can parse them without configuration.
 */
type LogLevel = "debug" | "info" | "warn" | "error" | "silent";

const rank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

function serializeError(value: unknown): unknown {
  if (value instanceof Error) {
    return { name: value.name, message: value.message, stack: value.stack };
  }
  return value;
}

export function createLogger(
  options: { level?: LogLevel; base?: Record<string, unknown>; write?: (line: string, level: LogLevel) => void } = {},
): Logger {
  const threshold = rank[options.level ?? "info"];
  const base = options.base ?? {};
  const write =
    options.write ??
    ((line: string, level: LogLevel) => {
      (level === "error" || level === "warn" ? process.stderr : process.stdout).write(line + "\n");
    });

  function log(level: Exclude<LogLevel, "silent">, msg: string, fields?: Record<string, unknown>) {
    if (rank[level] < threshold) return;
    const entry: Record<string, unknown> = { time: new Date().toISOString(), level, msg, ...base };
    if (fields) {
      for (const [key, value] of Object.entries(fields)) entry[key] = serializeError(value);
    }
    write(JSON.stringify(entry), level);
  }

  return {
    debug: (msg, fields) => log("debug", msg, fields),
    info: (msg, fields) => log("info", msg, fields),
    warn: (msg, fields) => log("warn", msg, fields),
    error: (msg, fields) => log("error", msg, fields),
    child: (fields) => createLogger({ ...options, base: { ...base, ...fields } }),
  };
}
