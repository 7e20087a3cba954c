import { describe, expect, it } from "vitest";
import { draftAge } from "#app/server/gallery/draft-age.server.ts";

const now = new Date("2026-11-24T15:00:00Z");

describe("draftAge", () => {
  it("says how old a draft is and when it goes", () => {
    expect(draftAge("2026-11-24T14:50:00Z", now, 24)).toEqual({
      uploaded: "Uploaded less than an hour ago.",
      removal: "Removed in about 24 hours unless you publish it.",
    });
    expect(draftAge("2026-11-24T12:00:00Z", now, 24)).toEqual({
      uploaded: "Uploaded 3 hours ago.",
      removal: "Removed in about 21 hours unless you publish it.",
    });
    expect(draftAge("2026-11-24T13:59:00Z", now, 24).uploaded).toBe("Uploaded 1 hour ago.");
  });

  it("says 'within the hour' near the end and past it (the clean-up runs hourly)", () => {
    expect(draftAge("2026-11-23T15:30:00Z", now, 24).removal).toBe("Removed within the hour unless you publish it.");
    expect(draftAge("2026-11-23T10:00:00Z", now, 24).removal).toBe("Removed within the hour unless you publish it.");
  });

  it("treats a time it cannot read, or one in the future, as just uploaded", () => {
    expect(draftAge("not a date", now, 6).uploaded).toBe("Uploaded less than an hour ago.");
    expect(draftAge("2026-11-24T16:00:00Z", now, 6).removal).toBe("Removed in about 6 hours unless you publish it.");
  });
});
