import { describe, expect, test } from "vitest";
import { retryDelayMs } from "#app/server/jobs/backoff.server.ts";

const defaults = { baseMs: 10_000, maxMs: 15 * 60_000 };
const low = () => 0;
const high = () => 1;

describe("retryDelayMs", () => {
  test("with the defaults the first retry comes within 10 s, never sooner than 5 s", () => {
    expect(retryDelayMs(1, defaults, low)).toBe(5_000);
    expect(retryDelayMs(1, defaults, high)).toBe(10_000);
    for (let i = 0; i < 1000; i++) {
      const d = retryDelayMs(1, defaults);
      expect(d).toBeGreaterThanOrEqual(5_000);
      expect(d).toBeLessThanOrEqual(10_000);
    }
  });

  test("attempts 1..20 stay within [d/2, d] for d = min(max, base * 2^(n-1))", () => {
    for (let attempt = 1; attempt <= 20; attempt++) {
      const d = Math.min(defaults.maxMs, defaults.baseMs * 2 ** (attempt - 1));
      expect(retryDelayMs(attempt, defaults, low)).toBe(d / 2);
      expect(retryDelayMs(attempt, defaults, high)).toBe(d);
      const sample = retryDelayMs(attempt, defaults);
      expect(sample).toBeGreaterThanOrEqual(d / 2);
      expect(sample).toBeLessThanOrEqual(d);
    }
  });

  test("doubles until the cap, and no gap ever exceeds 15 minutes", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => retryDelayMs(n, defaults, high))).toEqual([
      10_000, 20_000, 40_000, 80_000, 160_000, 320_000, 640_000, 900_000,
    ]);
    for (const attempt of [8, 20, 100, 1_000, 10_000, Number.MAX_SAFE_INTEGER, Infinity]) {
      const d = retryDelayMs(attempt, defaults, high);
      expect(d).toBe(900_000);
      expect(Number.isFinite(d)).toBe(true);
    }
  });

  test("the upper bound never decreases from one attempt to the next", () => {
    let previous = 0;
    for (let attempt = 1; attempt <= 40; attempt++) {
      const upper = retryDelayMs(attempt, defaults, high);
      expect(upper).toBeGreaterThanOrEqual(previous);
      previous = upper;
    }
  });

  test("jitter spreads over the whole upper half", () => {
    const attempt = 3; // d = 40 s
    expect(retryDelayMs(attempt, defaults, () => 0.5)).toBe(30_000);
    expect(retryDelayMs(attempt, defaults, () => 0.25)).toBe(25_000);
    const samples = Array.from({ length: 2000 }, () => retryDelayMs(attempt, defaults));
    expect(Math.min(...samples)).toBeGreaterThanOrEqual(20_000);
    expect(Math.max(...samples)).toBeLessThanOrEqual(40_000);
    // Both quarters of the range are used (not a constant, not stuck at one end).
    expect(samples.some((s) => s < 25_000)).toBe(true);
    expect(samples.some((s) => s > 35_000)).toBe(true);
  });

  test("odd inputs give a usable delay: attempt 0 or NaN counts as the first, out-of-range random is clamped", () => {
    expect(retryDelayMs(0, defaults, high)).toBe(10_000);
    expect(retryDelayMs(-3, defaults, high)).toBe(10_000);
    expect(retryDelayMs(Number.NaN, defaults, high)).toBe(10_000);
    expect(retryDelayMs(1, defaults, () => 7)).toBe(10_000);
    expect(retryDelayMs(1, defaults, () => -1)).toBe(5_000);
    expect(retryDelayMs(5, { baseMs: 0, maxMs: 0 })).toBe(0);
  });

  test("small test settings (base 50 ms, max 200 ms) stay small", () => {
    const small = { baseMs: 50, maxMs: 200 };
    for (let attempt = 1; attempt <= 20; attempt++) {
      expect(retryDelayMs(attempt, small)).toBeLessThanOrEqual(200);
      expect(retryDelayMs(attempt, small)).toBeGreaterThanOrEqual(25);
    }
  });
});
