/**
 * "Reply from the lead" (issue 15) against the real server, on SQLite and (with TEST_POSTGRES_URL)
 * PostgreSQL, delivered to a real SMTP listener: the reply templates at /admin/replies (seeded,
 * added, edited, deleted, every bad input a clear 4xx), a reply from a template with every
 * placeholder filled in the delivered email, its From and Reply-To, its place in the request's
 * history with its delivery, a reply that survives an SMTP outage (delivered once the listener is
 * back, once), 'Resend' for it, and the replies going with a deleted request.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { databaseTargets } from "#tests/support/databases.ts";
import {
  LEADS_TO,
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
import { startSmtpServer, type ReceivedMail, type SmtpTestServer } from "#tests/support/smtp.ts";
import { defaultProfile } from "#app/content/company.ts";
import { listEmailJobs } from "#app/server/repos/email-jobs.server.ts";
import { listLeadReplies } from "#app/server/repos/lead-replies.server.ts";
import { listReplyTemplates } from "#app/server/repos/reply-templates.server.ts";
import { replyLimits } from "#app/schemas/reply.ts";

const MAIL_FROM = "Houston Remodeling <estimates@remodel.test>";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let smtp: SmtpTestServer;

/** The messages the listener accepted for `address`. */
const mailsTo = (address: string): ReceivedMail[] => smtp.messages.filter((m) => m.envelope.to.includes(address));

beforeAll(async () => {
  smtp = await startSmtpServer();
});

afterAll(async () => {
  await smtp?.stop();
});

/** Resolves with the messages for `address` once there are `count` of them. */
async function waitForMail(address: string, count: number, timeoutMs = 10_000): Promise<ReceivedMail[]> {
  await waitUntil(() => mailsTo(address).length >= count, timeoutMs, `${count} email(s) to ${address}`);
  return mailsTo(address);
}

const targets = databaseTargets("lead-reply", "reply from the lead suite");

describe.each(targets)("reply from the lead on $name", (target) => {
  let site: AdminSite;
  let counter = 0;

  beforeAll(async () => {
    site = await setUpAdminSite(target, {
      SMTP_URL: smtp.url,
      MAIL_FROM,
      MAIL_RETRY_BASE_SECONDS: "0.2",
      MAIL_RETRY_MAX_SECONDS: "0.5",
    });
  });

  afterAll(() => tearDownAdminSite(target, site));

  const templatesNow = () => site.db((database) => listReplyTemplates({ db: database.db }));
  const repliesOf = (leadId: string) => site.db((database) => listLeadReplies({ db: database.db, leadId }));
  const replyJobsOf = async (leadId: string) =>
    (await site.db((database) => listEmailJobs({ db: database.db, leadId }))).filter((job) => job.kind === "lead-reply");

  /** A request from "Maria <mark> Gonzalez" at <mark>@home.test. */
  async function freshLead(overrides: Parameters<typeof seedLead>[1] = {}) {
    counter += 1;
    const mark = `rp${target.name}${counter}${Date.now().toString(36)}`;
    const { lead } = await seedLead(site, {
      fromName: `Maria ${mark} Gonzalez`,
      email: `${mark}@home.test`,
      subject: `Hall bath & shower ${mark}`,
      ...overrides,
    });
    return { lead, mark };
  }

  test("a new site has two templates to start from", async () => {
    const page = await site.get("/admin/replies");
    expect(page.status).toBe(200);
    const text = textOf(page.text);
    expect(text).toContain("Reply templates");
    expect(text).toContain("Thanks, when can we visit?");
    expect(text).toContain("Need photos");
    // The placeholders are listed next to the editor.
    for (const name of ["{first_name}", "{service}", "{business_name}", "{business_phone}"]) expect(text).toContain(name);
    expect((await templatesNow()).map((t) => t.name)).toEqual(["Need photos", "Thanks, when can we visit?"]);
  });

  test("templates: add, edit and delete; the list and the status line say so", async () => {
    const added = await site.post("/admin/replies", {
      intent: "add",
      name: `Follow-up ${target.name}`,
      subject: "About your {service}",
      body: "Hi {first_name},\r\nJust checking in.",
    });
    expect(added.status).toBe(302);
    const template = (await templatesNow()).find((t) => t.name === `Follow-up ${target.name}`)!;
    expect(template).toMatchObject({ subject: "About your {service}", body: "Hi {first_name},\nJust checking in." });
    expectRedirect(added, `/admin/replies?done=added&id=${template.id}`);
    const listed = await site.get(`/admin/replies?done=added&id=${template.id}`);
    expect(statusLine(listed.text)).toBe(`Added the template “Follow-up ${target.name}”. It is in the reply form's list now.`);

    const edit = await site.get(`/admin/replies?edit=${template.id}`);
    expect(edit.text).toContain('name="intent" value="update"');
    expect(edit.text).toContain("Just checking in.");

    const updated = await site.post("/admin/replies", {
      intent: "update",
      id: template.id,
      name: `Follow-up ${target.name}`,
      subject: "Still thinking about your {service}?",
      body: "Hi {first_name}, call {business_phone}.",
    });
    expectRedirect(updated, `/admin/replies?done=updated&id=${template.id}`);
    expect((await templatesNow()).find((t) => t.id === template.id)?.subject).toBe("Still thinking about your {service}?");

    const confirm = await site.get(`/admin/replies?delete=${template.id}`);
    expect(textOf(confirm.text)).toContain(`Delete “Follow-up ${target.name}”?`);
    const deleted = await site.post("/admin/replies", { intent: "delete", id: template.id, confirm: "yes" });
    expectRedirect(deleted, "/admin/replies?done=deleted");
    expect((await templatesNow()).some((t) => t.id === template.id)).toBe(false);
  });

  test("templates: bad input is a clear 4xx and changes nothing", async () => {
    const before = await templatesNow();
    const [first, second] = before;
    const cases: [Record<string, string>, number, string][] = [
      [
        { intent: "add", name: "Quote", subject: "Your {job}", body: "Total {price} by {date}" },
        400,
        "Nothing was saved: please correct the 2 fields marked below.",
      ],
      [{ intent: "add", name: "", subject: "Hi", body: "Hello" }, 400, "Give the template a name."],
      [
        { intent: "add", name: "x", subject: "Hi", body: "b".repeat(replyLimits.body.max + 1) },
        400,
        "A message can be at most 5,000 characters.",
      ],
      [
        { intent: "add", name: first!.name.toUpperCase(), subject: "Hi", body: "Hello" },
        409,
        `There is already a template called “${first!.name}”. Choose another name.`,
      ],
      [
        { intent: "update", id: first!.id, name: second!.name, subject: "Hi", body: "Hello" },
        409,
        `There is already a template called “${second!.name}”.`,
      ],
      [
        { intent: "update", id: "00000000-0000-4000-8000-000000000000", name: "x", subject: "Hi", body: "Hello" },
        404,
        "That template does not exist any more",
      ],
      [{ intent: "update", id: "junk", name: "x", subject: "Hi", body: "Hello" }, 404, "That template does not exist any more"],
      [{ intent: "delete", id: first!.id }, 400, "Please confirm"],
      [{ intent: "delete", id: "00000000-0000-4000-8000-000000000000", confirm: "yes" }, 404, "That template does not exist any more"],
      [{ intent: "launch", id: first!.id }, 400, "“launch” is not something this page can do. It can: add, update, delete."],
      [{ name: "x" }, 400, "The form did not say what to do."],
    ];
    for (const [fields, status, message] of cases) {
      const res = await site.post("/admin/replies", fields);
      expect(res.status, JSON.stringify(fields)).toBe(status);
      expect(textOf(res.text)).toContain(message);
    }
    // The unknown placeholders are named, in the field they are in.
    const unknown = await site.post("/admin/replies", {
      intent: "add",
      name: "Quote",
      subject: "Your {job}",
      body: "Total {price} by {date}",
    });
    const text = textOf(unknown.text);
    expect(text).toContain("{job} is not a placeholder this site knows. Use {first_name}, {service}, {business_name} or {business_phone}.");
    expect(text).toContain("{price} and {date} are not placeholders this site knows.");
    // What was typed comes back.
    expect(unknown.text).toContain("Total {price} by {date}");
    // A body that is not a form.
    const json = await site.post("/admin/replies", {}, { headers: { "content-type": "application/json" } });
    expect(json.status).toBe(415);
    expect(await templatesNow()).toEqual(before);
    await expectServerHealthy(site);
  });

  test("a reply from a template: every placeholder filled in the delivered email, From the business, Reply-To the lead inbox", async () => {
    const created = await site.post("/admin/replies", {
      intent: "add",
      name: `All four ${target.name}`,
      subject: "{first_name}, your {service}",
      body: "Hi {first_name},\n\nAbout your {service}: <b>{business_name}</b> will call you from {business_phone}.",
    });
    expect(created.status).toBe(302);
    const template = (await templatesNow()).find((t) => t.name === `All four ${target.name}`)!;
    const { lead, mark } = await freshLead();
    const here = `/admin/leads/${lead.id}`;
    const service = `Hall bath & shower ${mark}`;
    const filledBody = `Hi Maria,\n\nAbout your ${service}: <b>${defaultProfile.name}</b> will call you from ${defaultProfile.phone}.`;

    // The page's reply section says to whom, and where answers go.
    const page = await site.get(here);
    const pageText = textOf(page.text);
    expect(pageText).toContain(`Goes to Maria ${mark} Gonzalez at ${mark}@home.test, from the business's address.`);
    expect(pageText).toContain(`comes back to the lead inbox, ${LEADS_TO}.`);
    expect(page.text).toContain('href="/admin/replies"');
    expect(pageText).toContain("No replies yet.");

    // Picking the template (a plain GET) fills the form in, placeholders replaced.
    const picked = await site.get(`${here}?template=${template.id}`);
    expect(picked.status).toBe(200);
    expect(picked.text).toContain(`value="Maria, your Hall bath &amp; shower ${mark}"`);
    expect(picked.text).toContain(`About your Hall bath &amp; shower ${mark}: &lt;b&gt;${defaultProfile.name}&lt;/b&gt;`);
    // A template that is gone says so and leaves the default.
    const gone = await site.get(`${here}?template=00000000-0000-4000-8000-000000000000`);
    expect(gone.status).toBe(200);
    expect(textOf(gone.text)).toContain("That template does not exist any more.");
    expect(gone.text).toContain(`value="Your estimate request: Hall bath &amp; shower ${mark}"`);
    // Without a template the message starts empty: a stray tap on "Send reply" sends nothing.
    expect(gone.text).toMatch(/<textarea id="reply-body" name="body"[^>]*><\/textarea>/);

    // Sent as the template's raw text: the placeholders are filled on the server too.
    const sent = await site.post(here, { intent: "reply", subject: template.subject, body: template.body });
    expect(sent.status).toBe(200);
    expect(textOf(sent.text)).toContain(`Your reply to ${mark}@home.test is on its way.`);

    const [mail] = await waitForMail(`${mark}@home.test`, 1);
    expect(mail!.parsed.subject).toBe(`Maria, your ${service}`);
    expect(mail!.header("from")).toContain("estimates@remodel.test");
    expect(mail!.parsed.from?.value[0]).toMatchObject({
      address: "estimates@remodel.test",
      name: "Houston Remodeling",
    });
    expect(mail!.parsed.replyTo?.value.map((v) => v.address)).toEqual([LEADS_TO]);
    expect(mail!.parsed.to && "value" in mail!.parsed.to ? mail!.parsed.to.value.map((v) => v.address) : []).toEqual([`${mark}@home.test`]);
    expect(mail!.envelope.to).toEqual([`${mark}@home.test`]);
    // Under the business name that heads every email to a homeowner (ADR 062).
    const heading = `${defaultProfile.name}\n${"=".repeat(defaultProfile.name.length)}\n\n`;
    // Then the homeowner's own page (ADR 069): the same link the request's page shows the admin.
    const link = /\n(http:\/\/[^\n]+\/my\/[A-Za-z0-9_-]{43})\n/.exec(mail!.parsed.text ?? "")?.[1];
    expect((await site.get(`/admin/leads/${lead.id}`)).text).toContain(`value="${link}"`);
    expect(mail!.parsed.text).toBe(
      `${heading}${filledBody}\n\n-- \n${defaultProfile.name}\n${defaultProfile.phone}\n\n` +
        `Your requests, your visit and your quotes are on your own page:\n${link}\nKeep this link to yourself: it opens your page.\n`,
    );
    for (const placeholder of ["{first_name}", "{service}", "{business_name}", "{business_phone}"]) {
      expect(mail!.parsed.text).not.toContain(placeholder);
      expect(mail!.parsed.html || "").not.toContain(placeholder);
    }
    const html = mail!.parsed.html || "";
    expect(html).toContain("Hall bath &amp; shower");
    expect(html).toContain(`&lt;b&gt;${defaultProfile.name}&lt;/b&gt;`);
    expect(html).not.toContain(`<b>${defaultProfile.name}`);

    // Kept in the request's history, with its delivery.
    const [reply] = await repliesOf(lead.id);
    expect(reply).toMatchObject({
      subject: `Maria, your ${service}`,
      body: filledBody,
      recipient: `${mark}@home.test`,
      author_id: site.admin.user.id,
    });
    await waitUntil(async () => (await repliesOf(lead.id))[0]?.job_status === "sent", 5000, "reply recorded sent");
    expect(mail!.header("x-job-id")).toBe(reply!.email_job_id);
    const history = textOf((await site.get(here)).text);
    expect(history).toContain(`Replies sent Maria, your ${service} Alex Admin,`);
    expect(history).toMatch(/Delivery Sent Attempts 1 Sent \w{3} \d+, \d{4}, \d+:\d\d [AP]M C[SD]T/);
    expect(history).toContain("Reply to the homeowner");
  });

  test("a template's Spanish version: saved next to the English, filled in and sent for a homeowner who prefers Spanish (ADR 064)", async () => {
    // Half a Spanish version is refused, saying which half is missing.
    const half = await site.post("/admin/replies", {
      intent: "add",
      name: `Bilingual ${target.name}`,
      subject: "About your {service}",
      body: "Hi {first_name}.",
      subject_es: "Sobre su {service}",
      body_es: "  ",
    });
    expect(half.status).toBe(400);
    expect(textOf(half.text)).toContain("Write the Spanish message too, or leave the Spanish subject empty.");
    expect((await templatesNow()).some((t) => t.name === `Bilingual ${target.name}`)).toBe(false);

    const added = await site.post("/admin/replies", {
      intent: "add",
      name: `Bilingual ${target.name}`,
      subject: "About your {service}",
      body: "Hi {first_name}.",
      subject_es: "Sobre su {service}",
      body_es: "Hola, {first_name}: le llamamos pronto.",
    });
    expect(added.status).toBe(302);
    const template = (await templatesNow()).find((t) => t.name === `Bilingual ${target.name}`)!;
    expect(template).toMatchObject({ subject_es: "Sobre su {service}", body_es: "Hola, {first_name}: le llamamos pronto." });
    expect((await site.get("/admin/replies")).text).toContain("Sobre su {service}");

    const spanish = await freshLead({ source: "/es/contacto", locale: "es" });
    const picked = await site.get(`/admin/leads/${spanish.lead.id}?template=${template.id}`);
    expect(picked.text).toContain(`value="Sobre su Hall bath &amp; shower ${spanish.mark}"`);
    expect(picked.text).toContain("Hola, Maria: le llamamos pronto.");
    expect(textOf(picked.text)).toContain("This homeowner prefers Spanish: the template's Spanish version is filled in.");
    // Without a template, the default subject is Spanish too.
    expect((await site.get(`/admin/leads/${spanish.lead.id}`)).text).toContain(
      `value="Su solicitud de estimado: Hall bath &amp; shower ${spanish.mark}"`,
    );
    const sent = await site.post(`/admin/leads/${spanish.lead.id}`, {
      intent: "reply",
      subject: template.subject_es!,
      body: template.body_es!,
    });
    expect(sent.status).toBe(200);
    const [mail] = await waitForMail(`${spanish.mark}@home.test`, 1);
    expect(mail!.parsed.subject).toBe(`Sobre su Hall bath & shower ${spanish.mark}`);
    expect(mail!.parsed.html).toContain('<html lang="es">');

    // An English request gets the English, and no word about languages.
    const english = await freshLead();
    const englishPage = await site.get(`/admin/leads/${english.lead.id}?template=${template.id}`);
    expect(englishPage.text).toContain(`value="About your Hall bath &amp; shower ${english.mark}"`);
    expect(englishPage.text).not.toContain("prefers Spanish");
  });

  test("a reply survives an SMTP outage: it waits, retries, and is delivered once the listener is back, once", async () => {
    const { lead, mark } = await freshLead();
    const here = `/admin/leads/${lead.id}`;
    const to = `${mark}@home.test`;
    await smtp.stop();
    try {
      const sent = await site.post(here, {
        intent: "reply",
        subject: "When can we visit, {first_name}?",
        body: "Hi {first_name}, which day works?",
      });
      expect(sent.status).toBe(200);
      expect(textOf(sent.text)).toContain(`Your reply to ${to} is on its way.`);
      await waitUntil(
        async () => {
          const [job] = await replyJobsOf(lead.id);
          return job?.status === "pending" && job.attempts >= 2 && Boolean(job.last_error);
        },
        8000,
        "the reply tried twice and waiting",
      );
      const [job] = await replyJobsOf(lead.id);
      expect(job!.last_error).toMatch(/ECONNREFUSED|ECONNECTION|ESOCKET|connect/i);
      const waiting = textOf((await site.get(here)).text);
      expect(waiting).toMatch(/When can we visit, Maria\? Alex Admin, .* Delivery Waiting Attempts \d+ Sent Not yet Last error /);
      expect(mailsTo(to)).toHaveLength(0);
    } finally {
      await smtp.start();
    }
    // No kick, no restart: the retries deliver it.
    const [mail] = await waitForMail(to, 1, 10_000);
    expect(mail!.parsed.subject).toBe("When can we visit, Maria?");
    await waitUntil(async () => (await replyJobsOf(lead.id))[0]?.status === "sent", 5000, "reply recorded sent");
    const [job] = await replyJobsOf(lead.id);
    expect(job!.attempts).toBeGreaterThanOrEqual(2);
    expect(job!.last_error).toBeNull();
    await sleep(700);
    expect(mailsTo(to)).toHaveLength(1);
    expect(textOf((await site.get(here)).text)).toMatch(/Delivery Sent Attempts \d+ Sent \w{3} \d+, \d{4}, /);

    // 'Resend' works for a reply like for the other emails: it goes again.
    const resent = await site.post(here, { intent: "resend", jobId: job!.id });
    // Answered in place (ADR 031): the page, with what was done in the status line.
    expect(resent.status).toBe(200);
    expect(statusLine(resent.text)).toBe("The reply to the homeowner was put back in the outbox and is being sent again.");
    await waitForMail(to, 2);
  });

  test("bad replies are a clear 4xx, and nothing is stored or sent", async () => {
    const { lead, mark } = await freshLead();
    const here = `/admin/leads/${lead.id}`;
    const cases: [Record<string, string>, number, string][] = [
      [{ intent: "reply", subject: "Hi", body: "  \n " }, 400, "Nothing was sent: Write the message before sending it."],
      [{ intent: "reply", subject: "", body: "Hello" }, 400, "Nothing was sent: Write a subject for the email."],
      [{ intent: "reply", body: "Hello" }, 400, "Write a subject for the email."],
      [{ intent: "reply", subject: "s".repeat(replyLimits.subject.max + 1), body: "Hello" }, 400, "Keep the subject under 201 characters."],
      [{ intent: "reply", subject: "Hi", body: "b".repeat(replyLimits.body.max + 1) }, 400, "A message can be at most 5,000 characters."],
      [{ intent: "reply", subject: "Hi", body: "Your price is {price}." }, 400, "{price} is not a placeholder this site knows."],
    ];
    for (const [fields, status, message] of cases) {
      const res = await site.post(here, fields);
      expect(res.status, JSON.stringify(fields).slice(0, 80)).toBe(status);
      expect(textOf(res.text)).toContain(message);
    }
    // What was typed comes back in the form (no JavaScript).
    const kept = await site.post(here, {
      intent: "reply",
      subject: "Keep this subject",
      body: "Your price is {price}.",
    });
    expect(kept.text).toContain('value="Keep this subject"');
    expect(kept.text).toContain("Your price is {price}.</textarea>");

    // Spam and a request without a usable address cannot be answered: 409, said on the page too.
    const { lead: spam } = await freshLead({ isSpam: true, spamReason: "honeypot field filled" });
    const spamPost = await site.post(`/admin/leads/${spam.id}`, { intent: "reply", subject: "Hi", body: "Hello" });
    expect(spamPost.status).toBe(409);
    expect(textOf(spamPost.text)).toContain("This request is marked as spam, so it cannot be answered from here.");
    expect((await site.get(`/admin/leads/${spam.id}`)).text).not.toContain('name="intent" value="reply"');
    const { lead: noEmail } = await freshLead({ email: "" });
    const noEmailPost = await site.post(`/admin/leads/${noEmail.id}`, {
      intent: "reply",
      subject: "Hi",
      body: "Hello",
    });
    expect(noEmailPost.status).toBe(409);
    expect(textOf(noEmailPost.text)).toContain("This request has no usable email address");
    // An unknown request is a 404.
    const missing = await site.post("/admin/leads/00000000-0000-4000-8000-000000000000", {
      intent: "reply",
      subject: "Hi",
      body: "Hello",
    });
    expect(missing.status).toBe(404);

    for (const id of [lead.id, spam.id, noEmail.id]) {
      expect(await repliesOf(id)).toEqual([]);
      expect(await replyJobsOf(id)).toEqual([]);
    }
    await sleep(300);
    expect(mailsTo(`${mark}@home.test`)).toHaveLength(0);
    await expectServerHealthy(site);
  });

  test("deleting a request deletes its replies and their emails", async () => {
    const { lead } = await freshLead();
    const sent = await site.post(`/admin/leads/${lead.id}`, {
      intent: "reply",
      subject: "Hi",
      body: "Hello {first_name}",
    });
    expect(sent.status).toBe(200);
    expect(await repliesOf(lead.id)).toHaveLength(1);
    const deleted = await site.post(`/admin/leads/${lead.id}`, { intent: "delete", confirm: "yes" });
    expectRedirect(deleted, "/admin/leads?done=deleted");
    expect(await repliesOf(lead.id)).toEqual([]);
    expect(await replyJobsOf(lead.id)).toEqual([]);
  });
});
