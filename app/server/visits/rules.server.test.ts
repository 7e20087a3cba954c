import { describe, expect, test } from "vitest";
import type { Visit } from "#app/server/repos/visits.server.ts";
import { isUpcoming } from "#app/server/visits/rules.server.ts";

const visit: Visit = {
  id: "v1",
  lead_id: "l1",
  starts_at: "2026-12-01T16:00:00.000Z",
  minutes: 120,
  status: "scheduled",
  sequence: 0,
  uid: "v1@remodel.test",
  note: null,
  reminder_job_id: null,
  created_at: "2026-11-25T15:00:00.000Z",
  updated_at: "2026-11-25T15:00:00.000Z",
  slot_start: null,
  booked_by: null,
};

describe("the request's upcoming visit", () => {
  const before = new Date("2026-11-30T12:00:00.000Z");
  const during = new Date("2026-12-01T17:59:00.000Z");
  const after = new Date("2026-12-01T18:00:00.000Z");

  test("a scheduled visit counts until its window ends", () => {
    expect(isUpcoming(visit, before)).toBe(true);
    expect(isUpcoming(visit, during)).toBe(true);
    expect(isUpcoming(visit, after)).toBe(false);
  });

  test("one booked online and waiting for the contractor holds its place too (no second visit on top of it)", () => {
    const pending: Visit = { ...visit, status: "pending", booked_by: "homeowner", slot_start: visit.starts_at };
    expect(isUpcoming(pending, before)).toBe(true);
    expect(isUpcoming(pending, after)).toBe(false);
  });

  test("a cancelled visit is not upcoming", () => {
    expect(isUpcoming({ ...visit, status: "cancelled" }, before)).toBe(false);
  });
});
