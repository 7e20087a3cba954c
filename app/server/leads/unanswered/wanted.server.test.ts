import { describe, expect, test } from "vitest";
import { leadWaitingReason } from "#app/server/leads/unanswered/wanted.server.ts";
import type { Lead } from "#app/server/repos/leads.server.ts";

const waiting = { status: "new", is_spam: 0, first_answered_at: null } as Lead;

describe("whether an unanswered request's reminder is still wanted when its time comes", () => {
  test("wanted while the request is new or needs review and nobody answered it", () => {
    expect(leadWaitingReason(waiting)).toBeNull();
    expect(leadWaitingReason({ ...waiting, status: "review" })).toBeNull();
  });

  test("not when it was answered, deleted, marked spam or moved on", () => {
    // Answered while the reminder was already being sent (the answer's transaction removes one not yet started).
    expect(leadWaitingReason({ ...waiting, first_answered_at: "2027-01-18T16:00:00.000Z" })).toBe("the request was answered");
    expect(leadWaitingReason(null)).toBe("the request was deleted");
    expect(leadWaitingReason({ ...waiting, status: "spam" })).toBe("the request was marked as spam");
    // Out of spam straight to "Lost": no answer recorded, but it waits for none.
    expect(leadWaitingReason({ ...waiting, status: "lost" })).toBe("the request is no longer waiting (lost)");
  });
});
