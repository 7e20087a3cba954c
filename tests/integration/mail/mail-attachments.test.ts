/**
 * Files attached by reference (a signed quote's PDF, ADR 066): the stored email names the file,
 * the outbox reads it when it sends, over a real SMTP listener. Before anyone can read it (the
 * server still starting) or when reading fails, the attempt fails and is tried again; the email
 * is never sent without its file.
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { migrateToLatest, openDatabase, type Database } from "#app/server/db/index.server.ts";
import { createOutbox } from "#app/server/mail/outbox.server.ts";
import { createSmtpTransport } from "#app/server/mail/transports.server.ts";
import type { OutgoingMail } from "#app/server/mail/messages.server.ts";
import { createEmailJob, getEmailJob } from "#app/server/repos/email-jobs.server.ts";
import { captureLogger } from "#tests/support/logs.ts";
import { startSmtpServer, type SmtpTestServer } from "#tests/support/smtp.ts";

let smtp: SmtpTestServer;
let database: Database;
let dir: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  dir = await mkdtemp(path.join(os.tmpdir(), "mail-attachments-"));
  database = await openDatabase({ dataDir: dir });
  await migrateToLatest(database);
});

afterAll(async () => {
  await database?.close();
  await smtp?.stop();
  await rm(dir, { recursive: true, force: true });
});

const mail = (to: string): OutgoingMail => ({
  to,
  from: "Example Home Remodeling <no-reply@remodel.test>",
  subject: "Your signed quote",
  text: "Attached: your signed quote.",
  html: "<p>Attached: your signed quote.</p>",
  template: { kind: "lead-reply", params: {} },
  attachments: [{ filename: "quote-1001-v1.pdf", contentType: "application/pdf", ref: "signed-quote:abc" }],
});

test("the outbox reads the file when it sends; without a reader, or when reading fails, it tries again and sends nothing", async () => {
  const { logger } = captureLogger();
  const transport = createSmtpTransport({ url: smtp.url, logger, timeouts: { connectionMs: 2000, greetingMs: 2000, socketMs: 5000 } });
  const outbox = createOutbox({ database, transport, logger, retryBaseMs: 60_000, retryMaxMs: 60_000, pollMs: 60_000 });
  try {
    const first = randomUUID();
    await createEmailJob({
      db: database.db,
      id: first,
      kind: "lead-reply",
      recipient: "maria@home.test",
      payload: mail("maria@home.test"),
      giveUpAfterMs: 86_400_000,
    });
    expect(await outbox.drain()).toBe(1);
    expect(await getEmailJob({ db: database.db, id: first })).toMatchObject({ status: "pending", attempts: 1 });
    expect((await getEmailJob({ db: database.db, id: first }))!.last_error).toMatch(/cannot be read yet/);

    const asked: string[] = [];
    let failing = true;
    outbox.readAttachmentsWith(async (ref) => {
      asked.push(ref);
      if (failing) throw new Error("the PDF renderer is busy");
      return Buffer.from("%PDF-1.7 signed quote");
    });
    const second = randomUUID();
    await createEmailJob({
      db: database.db,
      id: second,
      kind: "lead-reply",
      recipient: "owner@remodel.test",
      payload: mail("owner@remodel.test"),
      giveUpAfterMs: 86_400_000,
    });
    expect(await outbox.drain()).toBe(1);
    expect((await getEmailJob({ db: database.db, id: second }))!.last_error).toMatch(/could not be made: the PDF renderer is busy/);
    expect(smtp.messages).toHaveLength(0);

    failing = false;
    await database.db
      .updateTable("email_jobs")
      .set({ next_attempt_at: new Date(0).toISOString() })
      .execute();
    expect(await outbox.drain()).toBe(2);
    await smtp.waitFor(2, 10_000);
    for (const received of smtp.messages) {
      const [attachment] = received.parsed.attachments;
      expect(attachment).toMatchObject({ filename: "quote-1001-v1.pdf", contentType: "application/pdf" });
      expect(attachment!.content.toString()).toBe("%PDF-1.7 signed quote");
    }
    expect(asked).toEqual(["signed-quote:abc", "signed-quote:abc", "signed-quote:abc"]);
    // The stored payload names the file; it never holds it.
    expect((await getEmailJob({ db: database.db, id: first }))!.payload).not.toContain("PDF-1.7");
  } finally {
    await outbox.stop();
    await transport.close();
  }
});
