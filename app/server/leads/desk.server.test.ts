import { describe, expect, test } from "vitest";
import { checkLeadNote } from "#app/server/leads/desk/changes.server.ts";
import { exportCells, notesCell } from "#app/server/leads/desk/csv-export.server.ts";
import { telHref } from "#app/schemas/contact-links.ts";
import { csvRow } from "#app/server/leads/csv.server.ts";
import type { Lead } from "#app/server/repos/leads.server.ts";

describe("telHref", () => {
  test("a US number without a country code gets +1", () => {
    expect(telHref("(713) 555-0147")).toBe("tel:+17135550147");
  });

  test("a number written with + keeps its own country code", () => {
    expect(telHref(" +44 20 7946 0958")).toBe("tel:+442079460958");
  });

  test("anything else is dialled as written, digits only", () => {
    expect(telHref("555-0100")).toBe("tel:5550100");
  });
});

describe("checkLeadNote", () => {
  test("line endings become LF and the ends are trimmed", () => {
    expect(checkLeadNote("  First\r\nsecond \r\n")).toEqual({ outcome: "ok", body: "First\nsecond" });
  });

  test("an empty note is refused, and what was typed is kept", () => {
    expect(checkLeadNote(" \r\n ")).toEqual({
      outcome: "refused",
      error: "Write something in the note before adding it.",
      text: " \r\n ",
    });
  });

  test("2,000 characters is the most, a CR LF counting as one", () => {
    const note = `${"a".repeat(999)}\r\n${"b".repeat(1000)}`;
    expect(checkLeadNote(note).outcome).toBe("ok");
  });

  test("a longer note is refused with both lengths, and kept (cut at twice the limit)", () => {
    const result = checkLeadNote("x".repeat(5000));
    expect(result).toEqual({
      outcome: "refused",
      error: "A note can be at most 2,000 characters; this one has 5,000. Shorten it, or split it into two notes.",
      text: "x".repeat(4000),
    });
  });
});

describe("the CSV export's cells", () => {
  const lead = {
    id: "3f0c2a9e-7b1d-4f55-9a61-0d6f2c1e8b77",
    // 9:47 PM on November 24 in Houston; already the 25th in UTC.
    created_at: "2026-11-25T03:47:00.000Z",
    from_name: "Maria Gonzalez",
    email: "maria@example.net",
    phone: "(832) 555-0199",
    subject: "Bathroom remodel",
    message: "Hall bath",
    status: "new",
    spam_reason: null,
    source: "/contact",
    zip: "77008",
    in_service_area: 1,
    street_address: null,
    contact_method: "call",
    best_time: null,
    landing_page: "/",
    referrer: null,
    utm_source: "google",
    utm_medium: "cpc",
    utm_campaign: "fall-baths",
    locale: "en",
  } as Lead;
  const notes = [
    { created_at: "2026-07-15T02:47:00.000Z", author_name: "Ana", body: "Summer note" },
    { created_at: "2026-11-25T03:48:00.000Z", author_name: null, body: '=HYPERLINK("x")\nsecond line' },
  ];

  test("the received time is the site's wall clock with the offset: that evening, not the next day", () => {
    const cells = exportCells(lead, { notes: [], photoCount: 0 }, "America/Chicago");
    expect(cells[1]).toBe("2026-11-24T21:47:00-06:00");
    expect(exportCells({ ...lead, created_at: "2026-07-15T02:47:00.000Z" }, { notes: [], photoCount: 0 }, "America/Chicago")[1]).toBe(
      "2026-07-14T21:47:00-05:00",
    );
    // The zone is the setting's, not a fixed one.
    expect(exportCells(lead, { notes: [], photoCount: 0 }, "America/New_York")[1]).toBe("2026-11-24T22:47:00-05:00");
  });

  test("notes: oldest first, each with its local time and author, a blank line between", () => {
    expect(notesCell(notes, "America/Chicago")).toBe(
      '2026-07-14T21:47:00-05:00 Ana: Summer note\n\n2026-11-24T21:48:00-06:00 (deleted account): =HYPERLINK("x")\nsecond line',
    );
    expect(notesCell([], "America/Chicago")).toBe("");
  });

  test("ZIP, in-area, source and campaign once each; notes and photo count last; every cell guarded", () => {
    const cells = exportCells(lead, { notes, photoCount: 3 }, "America/Chicago");
    expect(cells).toHaveLength(24);
    expect(cells.slice(9, 12)).toEqual(["/contact", "77008", "yes"]);
    expect(cells[19]).toBe("fall-baths");
    expect(cells.slice(-3)).toEqual([3, "", "English"]);
    // The homeowner's language, last (ADR 064).
    expect(exportCells({ ...lead, locale: "es" }, { notes, photoCount: 3 }, "America/Chicago").at(-1)).toBe("Spanish");
    // The scheduled visit: the local wall clock with that day's offset.
    expect(exportCells(lead, { notes, photoCount: 3, visitStartsAt: "2027-03-15T14:00:00.000Z" }, "America/Chicago").at(-2)).toBe(
      "2027-03-15T09:00:00-05:00",
    );
    // A note or a name that starts like a formula never starts its cell as one.
    const row = csvRow(
      exportCells({ ...lead, from_name: "=cmd" }, { notes: [{ ...notes[1]!, created_at: "bad" }], photoCount: 0 }, "America/Chicago"),
    );
    expect(row).toContain(`"'=cmd"`);
    expect(row).toContain(`"bad (deleted account): =HYPERLINK(""x"")\nsecond line"`);
    expect(row.endsWith(`,"0","","English"\r\n`)).toBe(true);
  });
});
