import { describe, expect, test } from "vitest";
import { SendCutOff, untilAborted } from "#app/server/jobs/cut-off.server.ts";
import { LEASE_MARGIN_MS } from "#app/server/jobs/lease.server.ts";
import { mailSendLimits } from "#app/server/mail/send-limits.server.ts";

describe("mailSendLimits", () => {
  test("the defaults: 10 s to connect and to be greeted, 30 s of silence, 60 s a send, a 90 s lease", () => {
    expect(mailSendLimits()).toEqual({
      connectionMs: 10_000,
      greetingMs: 10_000,
      socketMs: 30_000,
      sendMs: 60_000,
      leaseMs: 90_000,
    });
  });

  test.each([0.3, 1, 7, 30, 45.5, 600])("SMTP_TIMEOUT_SECONDS=%s: every step fits in the send, the send in the lease", (seconds) => {
    const limits = mailSendLimits(seconds);
    expect(limits.connectionMs + limits.greetingMs + limits.socketMs).toBeLessThanOrEqual(limits.sendMs);
    expect(limits.leaseMs - limits.sendMs).toBe(LEASE_MARGIN_MS);
  });

  test("MAIL_LEASE_SECONDS may lengthen the lease, never shorten it below the send plus the margin", () => {
    expect(mailSendLimits(30, { leaseSeconds: 900 }).leaseMs).toBe(900_000);
    expect(mailSendLimits(30, { leaseSeconds: 61 }).leaseMs).toBe(90_000);
  });
});

describe("untilAborted", () => {
  test("rejects with the signal's reason at the abort, though the work never settles", async () => {
    const controller = new AbortController();
    const never = new Promise<string>(() => {});
    const raced = untilAborted(never, controller.signal);
    controller.abort(new SendCutOff("shutdown", "stopped"));
    await expect(raced).rejects.toMatchObject({ name: "SendCutOff", reason: "shutdown" });
  });

  test("settles with the work when it comes first", async () => {
    const controller = new AbortController();
    await expect(untilAborted(Promise.resolve("sent"), controller.signal)).resolves.toBe("sent");
    await expect(untilAborted(Promise.reject(new Error("refused")), controller.signal)).rejects.toThrow("refused");
  });
});
