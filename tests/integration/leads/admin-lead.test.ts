/**
 * One estimate request's admin page (/admin/leads/:leadId) against the real server, on SQLite and
 * (with TEST_POSTGRES_URL) PostgreSQL: every field, its emails, status changes, notes, deletion,
 * and every kind of bad input to its action (a clear 4xx, nothing stored lost, no 500).
 */
import { newLinkToken } from "#app/server/quotes/link-token.server.ts";
import { emptyQuoteDocument } from "#app/schemas/quote.ts";
import { createQuote, createQuoteVersion } from "#app/server/repos/quotes.server.ts";
import { createQuoteSignature } from "#app/server/repos/quote-signatures.server.ts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { databaseTargets } from "#tests/support/databases.ts";
import {
  LEADS_TO,
  elementByClass,
  expectRedirect,
  expectServerHealthy,
  seedLead,
  setUpAdminSite,
  tearDownAdminSite,
  statusLine,
  textOf,
  type AdminSite,
} from "#tests/support/admin-site.ts";
import { waitUntil } from "#tests/support/leads.ts";
import { createTestAccount } from "#tests/support/accounts.ts";
import { getLead } from "#app/server/repos/leads.server.ts";
import { listEmailJobs } from "#app/server/repos/email-jobs.server.ts";
import { listLeadNotes } from "#app/server/repos/lead-notes.server.ts";
import type { Lead } from "#app/server/repos/leads.server.ts";

/**
 * A plain post (no JavaScript) that worked: the page itself, 200, with the message in the
 * layout's status line and in the status line of the form's own section.
 */
function expectDone(res: { status: number; text: string; headers: Record<string, unknown> }, message: string): void {
  expect(res.status, textOf(res.text).slice(0, 300)).toBe(200);
  expect(res.headers.location).toBeUndefined();
  expect(statusLine(res.text)).toBe(message);
  const own = [...res.text.matchAll(/<div role="status" class="admin-flash admin-flash--inline">([\s\S]*?)<\/div>/g)].map((m) =>
    textOf(m[1]!),
  );
  expect(own).toEqual([message]);
}

/** What the admin navigation's "Estimate requests" link says (its label, with the count, else its text). */
function requestsNavText(html: string): string {
  const nav = elementByClass(html, "admin-nav") ?? "";
  const link = /<a([^>]*href="\/admin\/leads"[^>]*)>([\s\S]*?)<\/a>/.exec(nav);
  const label = /aria-label="([^"]*)"/.exec(link?.[1] ?? "")?.[1];
  if (label) {
    // The badge shows the same number.
    expect(textOf(link![2]!)).toBe(`Estimate requests ${/\d+/.exec(label)![0]}`);
    return label;
  }
  return textOf(link?.[2] ?? "");
}

const targets = databaseTargets("admin-lead", "admin request page suite");

describe.each(targets)("request page on $name", (target) => {
  let site: AdminSite;

  beforeAll(async () => {
    site = await setUpAdminSite(target);
  });

  afterAll(() => tearDownAdminSite(target, site));

  const leadOf = (id: string) => site.db((database) => getLead({ db: database.db, id }));
  const notesOf = (id: string) => site.db((database) => listLeadNotes({ db: database.db, leadId: id }));
  const jobsOf = (id: string) => site.db((database) => listEmailJobs({ db: database.db, leadId: id }));

  async function freshLead(overrides: Parameters<typeof seedLead>[1] = {}): Promise<Lead> {
    return (await seedLead(site, overrides)).lead;
  }

  test("shows every field, the account that sent it, and each email's delivery", async () => {
    const customer = await createTestAccount(site.target, { name: "Casey Customer" });
    const { lead } = await seedLead(
      site,
      {
        fromName: "José Muñoz",
        email: "jose@casa.test",
        phone: "(713) 555-0147",
        subject: "Hall bath & shower",
        message: "Line one of the message.\nLine two, after a break.\n\nA new paragraph.",
        source: "/contact",
        userId: customer.user.id,
      },
      { now: new Date("2026-07-04T17:05:00.000Z"), jobs: ["lead-notification", "lead-confirmation"] },
    );
    // The outbox (file transport) sends both.
    await waitUntil(async () => (await jobsOf(lead.id)).every((job) => job.status === "sent"), 10_000, "emails sent");
    const jobs = await jobsOf(lead.id);

    const res = await site.get(`/admin/leads/${lead.id}`);
    expect(res.status).toBe(200);
    const html = res.text;
    const text = textOf(html);
    expect(text).toContain("José Muñoz");
    // The address opens a reply with the request's subject filled in (the same link the inbox card has).
    expect(html).toContain('href="mailto:jose@casa.test?subject=');
    expect(html).toContain('href="tel:+17135550147"');
    expect(text).toContain("Hall bath & shower");
    // The message keeps its line breaks (shown with white-space: pre-wrap).
    expect(html).toContain('<p class="admin-message">Line one of the message.\nLine two, after a break.\n\nA new paragraph.</p>');
    expect(html).toMatch(/<a href="\/contact"[^>]*>\/contact<\/a>/);
    // Received, in Houston's time (CDT in July).
    expect(text).toContain("Received Saturday, July 4, 2026 at 12:05 PM CDT");
    expect(html).toContain('dateTime="2026-07-04T17:05:00.000Z"');
    expect(text).toMatch(/Status New/);
    expect(text).toContain(`Sent while signed in as Casey Customer (${customer.user.email})`);
    // Emails: kind, recipient, status, attempts, sent time.
    const emails = textOf(elementByClass(html.slice(html.indexOf('id="lead-emails"')), "admin-list") ?? "");
    expect(emails).toContain(`Notification to the business To ${LEADS_TO} Delivery Sent Attempts 1 Sent`);
    expect(emails).toContain("Confirmation to the homeowner To jose@casa.test Delivery Sent Attempts 1");
    expect(emails.match(/CD?ST|CDT/g)?.length).toBeGreaterThanOrEqual(2);
    expect(jobs.every((job) => job.sent_at)).toBe(true);
    expect((html.match(/name="intent" value="resend"/g) ?? []).length).toBe(2);
  });

  test("a spam request shows why it was flagged, and that spam is not emailed", async () => {
    const lead = await freshLead({ isSpam: true, spamReason: "honeypot field filled" });
    const text = textOf((await site.get(`/admin/leads/${lead.id}`)).text);
    expect(text).toContain("Flagged as spam: honeypot field filled");
    expect(text).toContain("No emails for this request (spam is never emailed).");
    expect(text).toContain("Sent without signing in");
  });

  test.each([
    ["an unknown id", "00000000-0000-4000-8000-000000000000"],
    ["a malformed id", "not-a-lead"],
    ["an id with SQL in it", "x'%20or%20'1'='1"],
  ])("%s is a 404 page with a friendly message, for GET and POST", async (_, id) => {
    const page = await site.get(`/admin/leads/${id}`);
    expect(page.status).toBe(404);
    const text = textOf(page.text);
    expect(text).toContain("We couldn't find that");
    expect(text).toContain("We couldn't find this estimate request. It may have been deleted, or the link is incomplete.");
    expect(text).toContain("Back to the estimate requests");
    const post = await site.post(`/admin/leads/${id}`, { intent: "status", status: "won" });
    expect(post.status).toBe(404);
  });

  test("changing the status: the page answers with what changed (no redirect), and it is stored", async () => {
    const lead = await freshLead();
    expect(lead.first_answered_at).toBeNull();
    const before = Date.now();
    const res = await site.post(`/admin/leads/${lead.id}`, { intent: "status", status: "contacted" });
    expectDone(res, "Status changed from New to Contacted.");
    expect((await leadOf(lead.id))?.status).toBe("contacted");
    expect(res.text).toMatch(/<option value="contacted" selected="">/);
    // Moved on from New by hand: the request's first answer, recorded then, and never moved by the changes below (issue 29).
    const answered = (await leadOf(lead.id))!.first_answered_at!;
    expect(Date.parse(answered)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(answered)).toBeLessThanOrEqual(Date.now());

    let from = "Contacted";
    for (const [status, label] of [
      ["scheduled", "Visit scheduled"],
      ["quoted", "Quote sent"],
      ["won", "Won"],
      ["lost", "Lost"],
      ["spam", "Spam"],
      ["new", "New"],
    ]) {
      expectDone(
        await site.post(`/admin/leads/${lead.id}`, { intent: "status", status: status! }),
        `Status changed from ${from} to ${label}.`,
      );
      expect((await leadOf(lead.id))?.status).toBe(status);
      from = label!;
    }
    expectDone(await site.post(`/admin/leads/${lead.id}`, { intent: "status", status: "new" }), "The status stays New.");
    expect((await leadOf(lead.id))?.first_answered_at).toBe(answered);
  });

  test("marking a new request spam, or moving it between New and Needs review, answers nobody", async () => {
    const lead = await freshLead();
    for (const status of ["review", "new", "spam"]) {
      await site.post(`/admin/leads/${lead.id}`, { intent: "status", status });
      expect((await leadOf(lead.id))?.first_answered_at).toBeNull();
    }
  });

  test("links from before (?done=status) still say what was done", async () => {
    const lead = await freshLead();
    const page = await site.get(`/admin/leads/${lead.id}?done=status`);
    expect(statusLine(page.text)).toBe("Status changed to New.");
  });

  test("the page's fetchers get each intent's answer as data: the message, or the refusal with its status", async () => {
    const { lead, jobIds } = await seedLead(site);
    await waitUntil(async () => (await jobsOf(lead.id))[0]?.status === "sent", 10_000, "first send");
    const cases: [Record<string, string>, number, string][] = [
      [{ intent: "status", status: "won" }, 200, "Status changed from New to Won."],
      [{ intent: "note", body: "Signed the contract." }, 200, "Note added."],
      [
        { intent: "resend", jobId: jobIds[0]! },
        200,
        "The notification to the business was put back in the outbox and is being sent again.",
      ],
      [{ intent: "status", status: "bogus" }, 400, "Choose one of these statuses:"],
      [{ intent: "note", body: "  " }, 400, "Write something in the note before adding it."],
      [{ intent: "resend", jobId: "nope" }, 404, "That email is not one of this request's emails."],
    ];
    for (const [fields, status, message] of cases) {
      // What a fetcher form posts to with JavaScript: the route's data address (React Router's single fetch).
      const res = await site.post(`/admin/leads/${lead.id}.data`, fields);
      expect(res.status, JSON.stringify(fields)).toBe(status);
      expect(res.headers["content-type"]).toMatch(/^text\/x-script/);
      expect(res.text, JSON.stringify(fields)).toContain(message);
      expect(res.text).toContain(fields.intent);
      // Data, never a redirect the browser would follow to the top of the page.
      expect(res.text).not.toContain("?done=");
      if (status === 200) expect(res.text).toMatch(/"ok"/);
    }
    expect((await leadOf(lead.id))?.status).toBe("won");
    expect((await notesOf(lead.id)).map((note) => note.body)).toEqual(["Signed the contract."]);
    await waitUntil(async () => (await jobsOf(lead.id))[0]?.attempts === 2, 10_000, "second attempt");
  });

  test("the admin navigation counts the requests new or needing review, and follows a status change", async () => {
    const count = requestsNavText;
    const before = Number(/^Estimate requests, (\d+) new$/.exec(count((await site.get("/admin")).text))?.[1] ?? "0");
    const fresh = await freshLead();
    const doubtful = await freshLead({ reviewReason: "sent too fast" });
    await freshLead({ isSpam: true, spamReason: "honeypot field filled" });
    let html = (await site.get("/admin/users")).text;
    expect(count(html)).toBe(`Estimate requests, ${before + 2} new`);
    // On a phone the bar shows the count as a link of its own.
    expect(textOf(elementByClass(html, "admin-bar__count") ?? "")).toBe(`${before + 2} new estimate requests`);

    expectDone(
      await site.post(`/admin/leads/${fresh.id}`, { intent: "status", status: "contacted" }),
      "Status changed from New to Contacted.",
    );
    html = (await site.get("/admin")).text;
    expect(count(html)).toBe(`Estimate requests, ${before + 1} new`);
    // The answer to the status change itself already carries the new count.
    const answer = await site.post(`/admin/leads/${doubtful.id}`, { intent: "status", status: "lost" });
    expect(count(answer.text)).toBe(before === 0 ? "Estimate requests" : `Estimate requests, ${before} new`);
    if (before === 0) expect(elementByClass(answer.text, "admin-bar__count")).toBeNull();
  });

  test.each(["bogus", "", "NEW", "open", "all"])("status %j is refused with 400 and nothing changes", async (status) => {
    const lead = await freshLead();
    const res = await site.post(`/admin/leads/${lead.id}`, { intent: "status", status });
    expect(res.status).toBe(400);
    expect(textOf(res.text)).toContain(
      "Choose one of these statuses: New, Needs review, Contacted, Visit scheduled, Quote sent, Won, Job done, Lost, Spam.",
    );
    expect(res.text).toMatch(/role="alert"/);
    expect((await leadOf(lead.id))?.status).toBe("new");
  });

  test("a status post without a status is a 400 too", async () => {
    const lead = await freshLead();
    const res = await site.post(`/admin/leads/${lead.id}`, { intent: "status" });
    expect(res.status).toBe(400);
  });

  test("notes: added with the author's name and time, listed oldest first", async () => {
    const lead = await freshLead();
    expectDone(await site.post(`/admin/leads/${lead.id}`, { intent: "note", body: "Called, no answer." }), "Note added.");
    const second = await site.post(`/admin/leads/${lead.id}`, {
      intent: "note",
      body: "  Visit booked\r\nfor Tuesday 9 am.  ",
    });
    expectDone(second, "Note added.");
    // The answer is the page with the new note and an empty text box for the next one.
    expect(second.text).toMatch(/<textarea[^>]*id="note-body"[^>]*><\/textarea>/);
    const notes = await notesOf(lead.id);
    expect(notes.map((n) => n.body)).toEqual(["Called, no answer.", "Visit booked\nfor Tuesday 9 am."]);
    expect(notes.every((n) => n.author_id === site.admin.user.id)).toBe(true);

    const page = await site.get(`/admin/leads/${lead.id}`);
    expect(statusLine(page.text)).toBe("");
    const list = textOf(elementByClass(page.text, "admin-notes") ?? "");
    expect(list).toMatch(
      /^Alex Admin, \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M C[DS]T Called, no answer\. Alex Admin, .* Visit booked for Tuesday 9 am\.$/,
    );
    expect(page.text).toContain('<p class="admin-message">Visit booked\nfor Tuesday 9 am.</p>');
  });

  test("a note of exactly the maximum length is kept; CR LF counts as one character", async () => {
    const lead = await freshLead();
    const body = `${"a".repeat(998)}\r\n${"b".repeat(1001)}`; // 2,000 characters as the browser counts them
    expectDone(await site.post(`/admin/leads/${lead.id}`, { intent: "note", body }), "Note added.");
    expect((await notesOf(lead.id))[0]?.body).toBe(`${"a".repeat(998)}\n${"b".repeat(1001)}`);
  });

  test("a note over the maximum is refused with 400, kept in the form, and not stored", async () => {
    const lead = await freshLead();
    const body = "x".repeat(2001);
    const res = await site.post(`/admin/leads/${lead.id}`, { intent: "note", body });
    expect(res.status).toBe(400);
    expect(textOf(res.text)).toContain(
      "A note can be at most 2,000 characters; this one has 2,001. Shorten it, or split it into two notes.",
    );
    expect(res.text).toMatch(/<textarea[^>]*aria-invalid="true"[^>]*>/);
    expect(res.text).toContain(`>${body}</textarea>`);
    expect(await notesOf(lead.id)).toEqual([]);
  });

  test.each([
    ["", "empty"],
    ["   \r\n  ", "blank"],
  ])("a %j note is refused (%s)", async (body) => {
    const lead = await freshLead();
    const res = await site.post(`/admin/leads/${lead.id}`, { intent: "note", body });
    expect(res.status).toBe(400);
    expect(textOf(res.text)).toContain("Write something in the note before adding it.");
    expect(await notesOf(lead.id)).toEqual([]);
  });

  test("resend: an email of another request, or a malformed id, is a 404; nothing is requeued", async () => {
    const a = await seedLead(site);
    const b = await seedLead(site);
    await waitUntil(async () => (await jobsOf(b.lead.id)).every((job) => job.status === "sent"), 10_000, "sent");
    const before = await jobsOf(b.lead.id);
    for (const jobId of [b.jobIds[0]!, "nope", "", "00000000-0000-4000-8000-000000000000"]) {
      const res = await site.post(`/admin/leads/${a.lead.id}`, { intent: "resend", jobId });
      expect(res.status, jobId).toBe(404);
      expect(textOf(res.text)).toContain("That email is not one of this request's emails.");
    }
    expect(await jobsOf(b.lead.id)).toEqual(before);
  });

  test("resend on the request page: the job is queued again and sent", async () => {
    const { lead, jobIds } = await seedLead(site);
    await waitUntil(async () => (await jobsOf(lead.id))[0]?.status === "sent", 10_000, "first send");
    const res = await site.post(`/admin/leads/${lead.id}`, { intent: "resend", jobId: jobIds[0]! });
    expectDone(res, "The notification to the business was put back in the outbox and is being sent again.");
    await waitUntil(async () => (await jobsOf(lead.id))[0]?.attempts === 2, 10_000, "second attempt");
    await waitUntil(async () => (await jobsOf(lead.id))[0]?.status === "sent", 10_000, "second send");
    // The dashboard's 'Resend' still redirects with ?done=resent.
    const page = await site.get(`/admin/leads/${lead.id}?done=resent`);
    expect(statusLine(page.text)).toBe("The email was put back in the outbox and is being sent again.");
  });

  test.each([
    [
      { intent: "archive" },
      "“archive” is not something this page can do. It can: status, job-done, note, resend, delete, reply, visit-schedule, visit-reschedule, visit-cancel, confirm-booking, decline-booking, homeowner-link-replace, quote-send, quote-new, quote-link.",
    ],
    [{}, "The form did not say what to do. Please use the buttons on this page."],
    [{ intent: "" }, "The form did not say what to do. Please use the buttons on this page."],
    [{ intent: "x".repeat(300) }, "is not something this page can do"],
  ])("an unknown intent %j is a 400 with a clear message", async (fields, message) => {
    const lead = await freshLead();
    const res = await site.post(`/admin/leads/${lead.id}`, fields as Record<string, string>);
    expect(res.status).toBe(400);
    expect(textOf(res.text)).toContain(message);
    expect(await leadOf(lead.id)).toEqual(lead);
  });

  test("a body that is not a form is refused (415), and the request is untouched", async () => {
    const lead = await freshLead();
    const res = await site.post(`/admin/leads/${lead.id}`, [], {
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(415);
    expect(await leadOf(lead.id)).toEqual(lead);
  });

  test("a POST from another website is refused (403), and nothing changes", async () => {
    const lead = await freshLead();
    const res = await site.post(
      `/admin/leads/${lead.id}`,
      { intent: "delete", confirm: "yes" },
      {
        headers: { origin: "https://evil.example" },
      },
    );
    expect(res.status).toBe(403);
    expect(await leadOf(lead.id)).toEqual(lead);
  });

  test("delete without the confirmation box: 400, nothing deleted", async () => {
    const { lead } = await seedLead(site);
    const attempts: Record<string, string>[] = [
      { intent: "delete" },
      { intent: "delete", confirm: "no" },
      { intent: "delete", confirm: "" },
    ];
    for (const fields of attempts) {
      const res = await site.post(`/admin/leads/${lead.id}`, fields);
      expect(res.status).toBe(400);
      expect(textOf(res.text)).toContain("Tick “Yes, delete this request” to confirm. Nothing was deleted.");
    }
    expect(await leadOf(lead.id)).toEqual(lead);
    expect(await jobsOf(lead.id)).toHaveLength(1);
  });

  test("a request with a signed quote is kept: delete answers 409 with a sentence, and nothing is deleted", async () => {
    const { lead } = await seedLead(site);
    await site.db(async (database) => {
      const token = newLinkToken("secret", "quote");
      const document = JSON.stringify(emptyQuoteDocument({ title: "Kitchen", warranty: "", terms: "" }));
      const quote = await createQuote({
        db: database.db,
        leadId: lead.id,
        locale: "en",
        draft: document,
        tokenNonce: token.nonce,
        tokenSha256: token.sha256,
      });
      await createQuoteVersion({ db: database.db, dialect: database.dialect, quoteId: quote!.id, document, noticeTexts: "[]" });
      const signed = await createQuoteSignature({
        db: database.db,
        dialect: database.dialect,
        quoteId: quote!.id,
        signature: {
          version: 1,
          consented_at: new Date().toISOString(),
          full_name: "Maria Gonzalez",
          mark_kind: "keyboard",
          mark: "",
          selection: "{}",
          totals: "{}",
          document_sha256: "0".repeat(64),
          ip: "203.0.113.9",
          user_agent: "test",
        },
      });
      expect(signed.outcome).toBe("signed");
    });
    const res = await site.post(`/admin/leads/${lead.id}`, { intent: "delete", confirm: "yes" });
    expect(res.status).toBe(409);
    expect(textOf(res.text)).toContain(
      "This request has a signed quote, so it is kept with its signed document. Mark it Won or Lost instead. Nothing was deleted.",
    );
    expect(await leadOf(lead.id)).toEqual(lead);
  });

  test("delete with confirmation removes the request, its notes and its emails, then the inbox says so", async () => {
    const { lead } = await seedLead(site, {}, { jobs: ["lead-notification", "lead-confirmation"] });
    await site.post(`/admin/leads/${lead.id}`, { intent: "note", body: "Will be deleted too." });
    const keep = await seedLead(site);
    expect(await notesOf(lead.id)).toHaveLength(1);

    const res = await site.post(`/admin/leads/${lead.id}`, { intent: "delete", confirm: "yes" });
    expectRedirect(res, "/admin/leads?done=deleted");
    expect(await leadOf(lead.id)).toBeNull();
    expect(await notesOf(lead.id)).toEqual([]);
    expect(await jobsOf(lead.id)).toEqual([]);
    // Nothing else went with it.
    expect(await leadOf(keep.lead.id)).not.toBeNull();
    expect(await jobsOf(keep.lead.id)).toHaveLength(1);

    const inbox = await site.get("/admin/leads?done=deleted");
    expect(statusLine(inbox.text)).toBe("The estimate request was deleted, with its notes and emails.");
    expect((await site.get(`/admin/leads/${lead.id}`)).status).toBe(404);
    // Deleting it again: the request is gone, so 404.
    expect((await site.post(`/admin/leads/${lead.id}`, { intent: "delete", confirm: "yes" })).status).toBe(404);
  });

  test("the page offers each action as a form that works without JavaScript", async () => {
    const lead = await freshLead();
    const html = (await site.get(`/admin/leads/${lead.id}`)).text;
    for (const intent of ["status", "note", "delete"]) {
      const form = new RegExp(
        `<form (?=[^>]*method="post")(?=[^>]*action="/admin/leads/${lead.id}")[^>]*><input type="hidden" name="intent" value="${intent}"/>`,
      );
      expect(html, intent).toMatch(form);
    }
    const checkbox = /<input [^>]*id="delete-confirm"[^>]*>/.exec(html)?.[0] ?? "";
    expect(checkbox).toMatch(/type="checkbox"/);
    expect(checkbox).toMatch(/name="confirm"/);
    expect(checkbox).toMatch(/value="yes"/);
    expect(checkbox).toMatch(/required=""/);
  });

  test("the server kept serving and logged no error", async () => {
    await expectServerHealthy(site);
  });
});
