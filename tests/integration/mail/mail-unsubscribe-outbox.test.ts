/**
 * The outbox and the suppression list (issue 29, "Respect"), on SQLite and (with TEST_POSTGRES_URL)
 * PostgreSQL, over a real SMTP listener: an email that asks for the List-Unsubscribe headers
 * carries both; an email of a suppressible kind (named here, so the outbox's rule is tested apart
 * from the review emails' own suite) to an address that unsubscribed is not sent, and the admin's list says why; the same
 * kind to another address, and another kind to the same address, still go.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { EmailJobKind } from "#app/schemas/email-job.ts";
import type { Database } from "#app/server/db/index.server.ts";
import type { OutgoingMail } from "#app/server/mail/messages.server.ts";
import { createOutbox } from "#app/server/mail/outbox.server.ts";
import { createSmtpTransport } from "#app/server/mail/transports.server.ts";
import { createUnsubscribe, isSuppressed, listUnsubscribeHeaders, unsubscribeToken } from "#app/server/mail/unsubscribe.server.ts";
import { createEmailJob, getEmailJob } from "#app/server/repos/email-jobs.server.ts";
import { createSiteClock } from "#app/server/time.server.ts";
import { databaseTargets, setUpDatabase, tearDownDatabase } from "#tests/support/databases.ts";
import { captureLogger } from "#tests/support/logs.ts";
import { startSmtpServer, type SmtpTestServer } from "#tests/support/smtp.ts";

const SECRET = "u".repeat(64);
const PUBLIC_URL = "https://remodel.test";
const clock = createSiteClock("America/Chicago", () => new Date("2026-11-29T15:00:00.000Z"));

let smtp: SmtpTestServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
});

afterAll(async () => {
  await smtp?.stop();
});

function mail(to: string, kind: EmailJobKind, headers?: Record<string, string>): OutgoingMail {
  return {
    to,
    from: "Example Home Remodeling <no-reply@remodel.test>",
    subject: "How did we do?",
    text: "Thank you for choosing us.",
    html: "<p>Thank you for choosing us.</p>",
    template: { kind, params: {} },
    ...(headers ? { headers } : {}),
  };
}

for (const target of databaseTargets("mail-unsubscribe", "unsubscribe outbox")) {
  describe(`the outbox and the suppression list (${target.name})`, () => {
    let database: Database;

    beforeAll(async () => {
      database = await setUpDatabase(target);
    });

    afterAll(async () => {
      await tearDownDatabase(target, database);
    });

    async function queue(to: string, kind: EmailJobKind, headers?: Record<string, string>): Promise<string> {
      const id = randomUUID();
      await createEmailJob({ db: database.db, id, kind, recipient: to, payload: mail(to, kind, headers), giveUpAfterMs: 86_400_000 });
      return id;
    }

    test("the headers go out; a suppressed address gets no email of a suppressible kind, and the list says why", async () => {
      const { logger } = captureLogger();
      const transport = createSmtpTransport({ url: smtp.url, logger, timeouts: { connectionMs: 2000, greetingMs: 2000, socketMs: 5000 } });
      // "lead-reply" stands in for a suppressible kind (the review emails are tested in tests/integration/reviews/).
      const outbox = createOutbox({
        database,
        transport,
        logger,
        retryBaseMs: 60_000,
        retryMaxMs: 60_000,
        pollMs: 60_000,
        suppressible: new Map<EmailJobKind, string>([["lead-reply", "reviews"]]),
      });
      const unsubscribe = createUnsubscribe({ database, secret: SECRET, clock });
      const maria = `maria-${target.name}@home.test`;
      const jose = `jose-${target.name}@home.test`;
      try {
        smtp.clear();
        const headers = listUnsubscribeHeaders({ publicUrl: PUBLIC_URL, secret: SECRET, email: maria, scope: "reviews" });
        const first = await queue(maria, "lead-reply", headers);
        expect(await outbox.drain()).toBe(1);
        expect(await getEmailJob({ db: database.db, id: first })).toMatchObject({ status: "sent" });
        const [received] = await smtp.waitFor(1);
        // Read from the raw message: mailparser turns List-* headers into its own structure.
        const head = received!.raw
          .toString("utf8")
          .split("\r\n\r\n")[0]!
          .replace(/\r\n[ \t]+/g, " ");
        expect(head.split("\r\n")).toContain(`List-Unsubscribe: ${headers["List-Unsubscribe"]}`);
        expect(head.split("\r\n")).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");

        // The one-click POST, twice (mail clients retry): kept once.
        const token = unsubscribeToken(SECRET, maria.toUpperCase(), "reviews");
        expect(await unsubscribe.unsubscribe({ token, source: "one-click" })).toBe(true);
        expect(await unsubscribe.unsubscribe({ token, source: "one-click" })).toBe(true);
        expect(await isSuppressed({ db: database.db, email: maria, scope: "reviews" })).toBe(true);
        expect(await isSuppressed({ db: database.db, email: maria, scope: "offers" })).toBe(false);
        expect(await database.db.selectFrom("mail_suppressions").selectAll().execute()).toEqual([
          { email: maria, scope: "reviews", source: "one-click", created_at: "2026-11-29T15:00:00.000Z" },
        ]);

        smtp.clear();
        const refused = await queue(maria.toUpperCase(), "lead-reply");
        const otherAddress = await queue(jose, "lead-reply");
        const otherKind = await queue(maria, "lead-confirmation");
        expect(await outbox.drain()).toBe(3);
        const job = await getEmailJob({ db: database.db, id: refused });
        expect(job).toMatchObject({ status: "failed" });
        expect(job!.last_error).toBe(`Not sent: ${maria} asked on 2026-11-29 not to get these emails (reviews, one-click)`);
        expect(await getEmailJob({ db: database.db, id: otherAddress })).toMatchObject({ status: "sent" });
        expect(await getEmailJob({ db: database.db, id: otherKind })).toMatchObject({ status: "sent" });
        const arrived = await smtp.waitFor(2);
        expect(arrived.map((m) => m.envelope.to[0]).toSorted()).toEqual([jose, maria].toSorted());
        expect(arrived.find((m) => m.envelope.to[0] === maria)!.parsed.subject).toBe("How did we do?");
      } finally {
        await outbox.stop();
        await transport.close({ force: true });
      }
    });

    test("a token this site did not make changes nothing", async () => {
      const unsubscribe = createUnsubscribe({ database, secret: SECRET, clock });
      const other = unsubscribeToken("x".repeat(64), "ana@home.test", "reviews");
      expect(unsubscribe.check(other)).toBe(false);
      expect(await unsubscribe.unsubscribe({ token: other, source: "link" })).toBe(false);
      expect(await isSuppressed({ db: database.db, email: "ana@home.test", scope: "reviews" })).toBe(false);
    });
  });
}
