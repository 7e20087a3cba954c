/**
 * A sliding-window counter per key (here: per client IP), kept in this
 * process's memory. With several app processes each keeps its own count, so
 * the effective limit is the limit times the number of processes; that is
 * enough to stop a flood from one address without a shared store.
 */
export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the next attempt would be allowed (0 when allowed). */
  retryAfterSeconds: number;
  remaining: number;
}

export class SlidingWindowLimiter {
  readonly limit: number;
  readonly windowMs: number;
  readonly #hits = new Map<string, number[]>();
  #lastSweep = 0;

  constructor({ limit, windowMs }: { limit: number; windowMs: number }) {
    this.limit = limit;
    this.windowMs = windowMs;
  }

  /** Counts one attempt for `key` if allowed. */
  hit(key: string, now = Date.now()): RateLimitResult {
    this.#sweep(now);
    const since = now - this.windowMs;
    const hits = (this.#hits.get(key) ?? []).filter((t) => t > since);
    if (hits.length >= this.limit) {
      this.#hits.set(key, hits);
      const oldest = hits[0] ?? now;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000)), remaining: 0 };
    }
    hits.push(now);
    this.#hits.set(key, hits);
    return { allowed: true, retryAfterSeconds: 0, remaining: this.limit - hits.length };
  }

  /** Drops keys whose hits have all expired, at most once a window, so memory stays bounded. */
  #sweep(now: number) {
    if (now - this.#lastSweep < this.windowMs) return;
    this.#lastSweep = now;
    const since = now - this.windowMs;
    for (const [key, hits] of this.#hits) {
      if (hits.every((t) => t <= since)) this.#hits.delete(key);
    }
  }

  get size(): number {
    return this.#hits.size;
  }
}
