import { describe, expect, it } from "vitest";
import { SlidingWindowLimiter } from "./rate-limit.server.ts";

describe("SlidingWindowLimiter", () => {
  it("allows `limit` hits per window per key, then says when to retry", () => {
    const limiter = new SlidingWindowLimiter({ limit: 3, windowMs: 60_000 });
    expect(limiter.hit("a", 0).allowed).toBe(true);
    expect(limiter.hit("a", 10_000).allowed).toBe(true);
    expect(limiter.hit("a", 20_000)).toEqual({ allowed: true, retryAfterSeconds: 0, remaining: 0 });
    expect(limiter.hit("a", 30_000)).toEqual({ allowed: false, retryAfterSeconds: 30, remaining: 0 });
    expect(limiter.hit("b", 30_000).allowed).toBe(true);
    // The first hit leaves the window at 60 s.
    expect(limiter.hit("a", 60_001).allowed).toBe(true);
  });

  it("refused attempts do not extend the wait", () => {
    const limiter = new SlidingWindowLimiter({ limit: 1, windowMs: 10_000 });
    limiter.hit("a", 0);
    for (let t = 1000; t < 10_000; t += 1000) expect(limiter.hit("a", t).allowed).toBe(false);
    expect(limiter.hit("a", 10_001).allowed).toBe(true);
  });

  it("forgets idle keys so memory stays bounded", () => {
    const limiter = new SlidingWindowLimiter({ limit: 1, windowMs: 1000 });
    for (let i = 0; i < 100; i++) limiter.hit(`ip-${i}`, 0);
    expect(limiter.size).toBe(100);
    limiter.hit("late", 5000);
    expect(limiter.size).toBe(1);
  });
});
