/**
 * The homeowner's page (issue 27 item 6, ADR 069) against the real built server, on SQLite and
 * (with TEST_POSTGRES_URL) PostgreSQL, with a real SMTP listener: the link from a real
 * confirmation email opens the page; a wrong or replaced token is the site's 404, noindex and
 * no-store; after 14 days the page asks for a code, which arrives in the page's language, a wrong
 * one is refused with a sentence, the right one opens the page (a cookie for this link), and five
 * wrong tries kill it; another homeowner's photo is a 404 through this link.
 *
 * "After 14 days" is the link's last email moved 15 days back in the database: the server's clock
 * is the real one, and the rule reads the two through the site clock (app/server/time.server.ts).
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { makeExifJpeg } from "#scripts/make-image-fixtures.ts";
import { databaseTargets } from "#tests/support/databases.ts";
import { setUpAdminSite, tearDownAdminSite, textOf, type AdminSite } from "#tests/support/admin-site.ts";
import {
  LEAD_ENV,
  SITE_URL,
  fetchUniqueFormToken,
  marker,
  submitLead,
  validFields,
  waitForMails,
  waitUntil,
} from "#tests/support/leads.ts";
import { answerText, postWithPhotos } from "#tests/support/job-photos.ts";
import { request, type HttpResult } from "#tests/support/server.ts";
import { startSmtpServer, type SmtpTestServer } from "#tests/support/smtp.ts";

const HOST = new URL(SITE_URL).host;
const LINK = new RegExp(`${SITE_URL.replace(/\./g, "\\.")}(/(?:es/mi|my)/[A-Za-z0-9_-]{43})`);
const DAY_MS = 24 * 3600 * 1000;

let smtp: SmtpTestServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
});

afterAll(async () => {
  await smtp?.stop();
});

/** The Set-Cookie pair ("name=value") of a response, for the next request. */
function cookieOf(res: HttpResult): string {
  const header = res.headers["set-cookie"] ?? [];
  return header.map((cookie) => cookie.split(";")[0]).join("; ");
}

function expectPrivate(res: HttpResult): void {
  expect(res.headers["cache-control"]).toBe("no-store");
  expect(res.headers["x-robots-tag"]).toContain("noindex");
  expect(res.headers["x-page-cache"]).toBeUndefined();
  expect(res.headers["referrer-policy"]).toBe("same-origin");
}

/** The code in the latest code email to `email`. */
async function codeSentTo(email: string, count: number, subject: RegExp): Promise<string> {
  const mails = () => smtp.messages.filter((m) => m.envelope.to.includes(email) && subject.test(m.parsed.subject ?? ""));
  await waitUntil(() => mails().length >= count, 10_000, `${count} code email(s) to ${email}`);
  const code = /(\d{6})/.exec(mails().at(-1)!.parsed.subject ?? "")?.[1];
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

for (const target of databaseTargets("homeowner_page", "homeowner page suite")) {
  describe(`the homeowner's page (${target.name})`, () => {
    let site: AdminSite;

    beforeAll(async () => {
      site = await setUpAdminSite(target, {
        ...LEAD_ENV,
        SMTP_URL: smtp.url,
        MAIL_FROM: "Houston Remodeling <estimates@remodel.test>",
        MAIL_RETRY_BASE_SECONDS: "0.2",
        MAIL_RETRY_MAX_SECONDS: "0.5",
      });
    }, 60_000);

    afterAll(() => tearDownAdminSite(target, site));

    const open = (path: string, cookie = "") =>
      request(`${site.server.url}${path}`, { headers: { host: HOST, ...(cookie ? { cookie } : {}) } });

    function post(path: string, fields: Record<string, string>, cookie = ""): Promise<HttpResult> {
      const body = new URLSearchParams(fields).toString();
      return request(`${site.server.url}${path}`, {
        method: "POST",
        headers: {
          host: HOST,
          origin: SITE_URL,
          "content-type": "application/x-www-form-urlencoded",
          "content-length": String(Buffer.byteLength(body)),
          ...(cookie ? { cookie } : {}),
        },
        body,
      });
    }

    /** Sends a request through the form and returns its lead and the page's path from the confirmation email. */
    async function requestWithLink(page: "/contact" | "/es/contacto" = "/contact") {
      const mark = marker("ho");
      const res = await submitLead(site.server, validFields(mark), { page });
      expect(res.status).toBe(200);
      const [confirmation] = (await waitForMails(smtp, mark, 2)).filter((m) => m.envelope.to.includes(`${mark}@home.test`));
      const path = LINK.exec(confirmation!.parsed.text ?? "")?.[1];
      expect(path, confirmation!.parsed.text).toBeDefined();
      expect(confirmation!.parsed.html || "").toContain(`href="${SITE_URL}${path}"`);
      const lead = await site.db(({ db }) =>
        db.selectFrom("leads").selectAll().where("email", "=", `${mark}@home.test`).executeTakeFirstOrThrow(),
      );
      return { mark, lead, path: path! };
    }

    /** The link's last email, moved back: as if the clock had moved on. */
    const ageLink = (email: string, days: number) =>
      site.db(({ db }) =>
        db
          .updateTable("homeowner_links")
          .set({ issued_at: new Date(Date.now() - days * DAY_MS).toISOString() })
          .where("email", "=", email)
          .execute(),
      );

    test("the link in a real confirmation opens the page: the request, the business's phone, in English", async () => {
      const { mark, path } = await requestWithLink();
      expect(path).toMatch(/^\/my\//);
      const res = await open(path);
      expect(res.status).toBe(200);
      expectPrivate(res);
      expect(res.text).toMatch(/<meta name="robots" content="noindex, nofollow"/);
      const text = textOf(res.text);
      expect(text).toContain("Your requests with");
      expect(text).toContain(`Kitchen remodel ${mark}`);
      expect(text).toContain("New cabinets and counters.");
      expect(text).toContain("No visit is scheduled yet.");
      expect(res.text).toMatch(/<a class="button button--primary" href="tel:[^"]+">Call /);
      // Twice: the page cache never keeps it.
      expectPrivate(await open(path));
    });

    test("the quotes sent: status, total in the page's language, the quote's page and the signed PDF; never a draft", async () => {
      const { lead, path } = await requestWithLink();
      const stamp = new Date().toISOString();
      const number = 5000 + Math.floor(Math.random() * 100_000);
      const quote = (id: string, n: number, sentAt: string | null, version: number, status: "draft" | "signed") => ({
        id,
        lead_id: lead.id,
        number: n,
        status,
        locale: "en" as const,
        draft: "{}",
        current_version: version,
        token_nonce: randomBytes(16).toString("base64url"),
        token_sha256: randomBytes(32).toString("hex"),
        created_at: stamp,
        updated_at: stamp,
        sent_at: sentAt,
        signed_at: sentAt,
      });
      await site.db(async ({ db }) => {
        await db
          .insertInto("quotes")
          .values([quote(`${lead.id}-d`, number, null, 0, "draft"), quote(`${lead.id}-s`, number + 1, stamp, 1, "signed")])
          .execute();
        await db
          .insertInto("quote_versions")
          .values({ id: `${lead.id}-v`, quote_id: `${lead.id}-s`, version: 1, document: "{}", notice_texts: "[]", created_at: stamp })
          .execute();
        await db
          .insertInto("quote_signatures")
          .values({
            id: `${lead.id}-sig`,
            quote_id: `${lead.id}-s`,
            version_id: `${lead.id}-v`,
            version: 1,
            signed_at: stamp,
            consented_at: stamp,
            full_name: "Maria Gonzalez",
            mark_kind: "keyboard",
            mark: "",
            selection: '{"optionId":"o1","extraIds":[]}',
            totals: '{"totalCents":1234550}',
            document_sha256: "e".repeat(64),
            ip: "127.0.0.1",
            user_agent: "test",
            pdf_key: null,
          })
          .execute();
      });
      const en = await open(path);
      const text = textOf(en.text);
      expect(text).toContain(`Quote ${number + 1}`);
      expect(text).not.toContain(`Quote ${number} `);
      expect(text).toContain("Total: $12,345.50");
      expect(text).toMatch(/Signed on \w+ \d+, 20\d\d/);
      expect(en.text).toMatch(/href="\/quote\/[A-Za-z0-9_-]{43}"/);
      expect(en.text).toMatch(/href="\/quote\/[A-Za-z0-9_-]{43}\/pdf"[^>]*>Download the signed PDF</);
      const es = await open(path.replace(/^\/my\//, "/es/mi/"));
      expect(textOf(es.text)).toContain(`Cotización ${number + 1}`);
      expect(textOf(es.text)).toMatch(/Total: 12[.,\s\u00a0]?345[.,]50\s?\$|Total: \$12,345\.50/);
      expect(es.text).toMatch(/href="\/es\/cotizacion\/[A-Za-z0-9_-]{43}"/);
      expect(es.text).toContain("Descargar el PDF firmado");
    });

    test("a Spanish request's link is the Spanish page", async () => {
      const { mark, path } = await requestWithLink("/es/contacto");
      expect(path).toMatch(/^\/es\/mi\//);
      const res = await open(path);
      expect(res.status).toBe(200);
      expect(res.text).toMatch(/<html[^>]*lang="es"/);
      const text = textOf(res.text);
      expect(text).toContain("Sus solicitudes con");
      expect(text).toContain(`Kitchen remodel ${mark}`);
      expect(text).toContain("Todavía no hay una visita programada.");
    });

    test("a wrong token is the site's 404 in the URL's language, noindex and no-store", async () => {
      const wrong = randomBytes(32).toString("base64url");
      for (const [path, words, lang] of [
        [`/my/${wrong}`, "Page not found", "en"],
        [`/es/mi/${wrong}`, "no encontr", "es"],
        ["/my/short", "Page not found", "en"],
      ] as const) {
        const res = await open(path);
        expect(res.status, path).toBe(404);
        expectPrivate(res);
        expect(res.text).toMatch(new RegExp(`<html[^>]*lang="${lang}"`));
        expect(textOf(res.text).toLowerCase()).toContain(words.toLowerCase());
      }
    });

    test("a replaced link is a 404; the new one opens the page", async () => {
      const { lead, path } = await requestWithLink();
      const admin = await site.get(`/admin/leads/${lead.id}`);
      expect(admin.status).toBe(200);
      expect(admin.text).toContain(`value="${SITE_URL}${path}"`);
      const replaced = await site.post(
        `/admin/leads/${lead.id}`,
        { intent: "homeowner-link-replace" },
        { headers: { origin: SITE_URL, host: HOST } },
      );
      expect(replaced.status).toBe(200);
      expect(textOf(replaced.text)).toContain("the old one no longer opens it");
      const old = await open(path);
      expect(old.status).toBe(404);
      expectPrivate(old);
      const fresh = LINK.exec((await site.get(`/admin/leads/${lead.id}`)).text)?.[1];
      expect(fresh).toBeDefined();
      expect(fresh).not.toBe(path);
      expect((await open(fresh!)).status).toBe(200);
    });

    test("after 14 days: a code by email in the page's language, a wrong one refused, the right one opens the page", async () => {
      const { mark, lead, path } = await requestWithLink();
      await ageLink(lead.email, 15);
      const asked = await open(path);
      expect(asked.status).toBe(200);
      expectPrivate(asked);
      const askedText = textOf(asked.text);
      expect(askedText).toContain("Please confirm it's you");
      expect(askedText).not.toContain(mark);

      // Asked from the Spanish page: the email is in Spanish.
      const esPath = path.replace(/^\/my\//, "/es/mi/");
      const sent = await post(esPath, { intent: "send-code" });
      expect(sent.status).toBe(200);
      expectPrivate(sent);
      expect(textOf(sent.text)).toContain("Le enviamos un código a");
      const code = await codeSentTo(lead.email, 1, /^Su código para /);

      const wrong = await post(esPath, { intent: "check-code", code: code === "000000" ? "111111" : "000000" });
      expect(wrong.status).toBe(400);
      expect(textOf(wrong.text)).toContain("Ese no es el código que le enviamos");
      expect(textOf(wrong.text)).toContain("le quedan 4 intentos");

      const right = await post(esPath, { intent: "check-code", code });
      expect(right.status).toBe(303);
      expect(right.headers.location).toBe(esPath);
      const setCookie = (right.headers["set-cookie"] ?? []).join("\n");
      expect(setCookie).toMatch(/HttpOnly/);
      expect(setCookie).toMatch(/SameSite=Lax/);
      expect(setCookie).toContain(`Path=${esPath}`);
      const cookie = cookieOf(right);
      const opened = await open(esPath, cookie);
      expect(opened.status).toBe(200);
      expect(textOf(opened.text)).toContain(`Kitchen remodel ${mark}`);
      // Without the cookie, still asked; a used code does not work twice.
      expect(textOf((await open(esPath)).text)).toContain("Confirme que es usted");
      expect((await post(esPath, { intent: "check-code", code })).status).toBe(400);
    });

    test("a reply from the request's page carries the link and starts its 14 days again; the page shows it", async () => {
      const { mark, lead, path } = await requestWithLink();
      await ageLink(lead.email, 15);
      expect(textOf((await open(path)).text)).toContain("Please confirm it's you");
      const sent = await site.post(
        `/admin/leads/${lead.id}`,
        { intent: "reply", subject: `About your deck ${mark}`, body: "We can come on Tuesday." },
        { headers: { origin: SITE_URL, host: HOST } },
      );
      expect(sent.status).toBe(200);
      const [reply] = await waitForMails(smtp, `About your deck ${mark}`, 1);
      expect(reply!.parsed.text).toContain(`${SITE_URL}${path}`);
      const page = textOf((await open(path)).text);
      expect(page).toContain(`About your deck ${mark}`);
      expect(page).toContain("We can come on Tuesday.");
    });

    test("five wrong tries kill the code: the right one is then refused too", async () => {
      const { lead, path } = await requestWithLink();
      await ageLink(lead.email, 20);
      expect((await post(path, { intent: "send-code" })).status).toBe(200);
      const code = await codeSentTo(lead.email, 1, /^Your code for /);
      const wrongCode = code === "000000" ? "111111" : "000000";
      for (let left = 4; left >= 1; left -= 1) {
        const res = await post(path, { intent: "check-code", code: wrongCode });
        expect(res.status).toBe(400);
        expect(textOf(res.text)).toContain(left === 1 ? "(1 try left)" : `(${left} tries left)`);
      }
      const fifth = await post(path, { intent: "check-code", code: wrongCode });
      expect(textOf(fifth.text)).toContain("This code can no longer be used");
      const right = await post(path, { intent: "check-code", code });
      expect(right.status).toBe(400);
      expect(textOf(right.text)).toContain("This code can no longer be used");
      expect(textOf((await open(path)).text)).toContain("Please confirm it's you");
    });

    test("codes are rate limited per link: the fourth within the hour is a 429 with a sentence", async () => {
      const { lead, path } = await requestWithLink();
      await ageLink(lead.email, 15);
      for (let sent = 1; sent <= 3; sent += 1) expect((await post(path, { intent: "send-code" })).status).toBe(200);
      await codeSentTo(lead.email, 3, /^Your code for /);
      const limited = await post(path, { intent: "send-code" });
      expect(limited.status).toBe(429);
      expectPrivate(limited);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect(textOf(limited.text)).toContain("We have already sent several codes.");
      // Three went out, no more; each replaced the one before, so only the last one opens the page.
      const codes = smtp.messages
        .filter((m) => m.envelope.to.includes(lead.email) && (m.parsed.subject ?? "").startsWith("Your code for "))
        .map((m) => /(\d{6})/.exec(m.parsed.subject ?? "")?.[1] ?? "");
      expect(codes).toHaveLength(3);
      if (codes[0] !== codes[2]) expect((await post(path, { intent: "check-code", code: codes[0]! })).status).toBe(400);
      expect((await post(path, { intent: "check-code", code: codes[2]! })).status).toBe(303);
    });

    test("a homeowner's photo opens through their link only: another homeowner's link gets a 404", async () => {
      const mark = marker("hophoto");
      const token = await fetchUniqueFormToken(site.server);
      const res = await postWithPhotos(
        site.server,
        { ...validFields(mark), form_token: token },
        [{ filename: "sink.jpg", data: await makeExifJpeg() }],
        {
          data: true,
        },
      );
      expect(answerText(res)).toContain("Message sent successfully");
      const owner = await site.db(({ db }) =>
        db.selectFrom("leads").selectAll().where("email", "=", `${mark}@home.test`).executeTakeFirstOrThrow(),
      );
      await waitUntil(
        async () =>
          (await site.db(({ db }) => db.selectFrom("lead_photos").select("id").where("lead_id", "=", owner.id).execute())).length === 1,
        30_000,
        "the photo stored",
      );
      const confirmation = (await waitForMails(smtp, mark, 2, 30_000)).find((m) => m.envelope.to.includes(`${mark}@home.test`));
      const ownerPath = LINK.exec(confirmation!.parsed.text ?? "")?.[1];
      const page = await open(ownerPath!);
      const photoPath = new RegExp(`<img src="(${ownerPath}/photos/${owner.id}/[0-9a-f-]{36}/thumb)"`).exec(page.text)?.[1];
      expect(photoPath, page.text).toBeDefined();
      const photo = await open(photoPath!);
      expect(photo.status).toBe(200);
      expect(photo.headers["content-type"]).toMatch(/^image\//);
      expect(photo.headers["cache-control"]).toContain("no-store");

      const other = await requestWithLink();
      const stolen = await open(photoPath!.replace(ownerPath!, other.path));
      expect(stolen.status).toBe(404);
      expect(stolen.headers["cache-control"]).toContain("no-store");
      // And the owner's own photo stops with the 14 days, until the code is typed.
      await ageLink(owner.email, 15);
      expect((await open(photoPath!)).status).toBe(404);
    });
  });
}
