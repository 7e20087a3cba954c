/**
 * When a failed job is tried again: the same curve for every kind of job (docs/decisions/
 * 049-one-job-engine.md), each kind with its own base and cap.
 */

/** The first retry delay and the longest one. */
export interface Backoff {
  baseMs: number;
  maxMs: number;
}

/**
 * Delay before the next attempt after `attempt` failed attempts: exponential backoff capped at
 * `maxMs`, with jitter over the upper half, `d/2 + random() * d/2` where
 * `d = min(maxMs, baseMs * 2^(attempt-1))`. With base 10 s and max 15 min: 5–10 s after the
 * first failure, never more than 15 min.
 */
export function retryDelayMs(attempt: number, { baseMs, maxMs }: Backoff, random: () => number = Math.random): number {
  const n = Number.isNaN(attempt) ? 1 : Math.max(1, Math.floor(attempt));
  // Capping the exponent keeps 2^x finite, so a zero base never turns into Infinity * 0 = NaN.
  const exponential = baseMs * 2 ** Math.min(n - 1, 1000);
  const d = Math.max(0, Math.min(maxMs, exponential));
  const r = Math.min(1, Math.max(0, random()));
  return d / 2 + (r * d) / 2;
}
