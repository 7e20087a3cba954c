/**
 * The mail transports against real listeners: SMTP (tests/support/smtp.ts), the file system, and a
 * local HTTP server standing in for EmailJS's REST API.
 */
import { readdir, readFile, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer as createHttpServer, type IncomingMessage, type Server } from "node:http";
import { createServer as createTcpServer, type AddressInfo, type Socket } from "node:net";
import os from "node:os";
import path from "node:path";
import { simpleParser, type AddressObject } from "mailparser";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { parseEnv } from "#app/server/env.server.ts";
import type { Logger } from "#app/server/logger.server.ts";
import { leadConfirmationMail, leadNotificationMail, type LeadForMail, type OutgoingMail } from "#app/server/mail/messages.server.ts";
import {
  MailSendError,
  createEmailJsTransport,
  createFileTransport,
  createMailTransport,
  createSmtpTransport,
  type MailTransport,
} from "#app/server/mail/transports.server.ts";
import { startSmtpServer, type SmtpTestServer } from "#tests/support/smtp.ts";
import { captureLogger, type LogLine } from "#tests/support/logs.ts";
import { defaultProfile } from "#app/content/company.ts";
import { describeProfile } from "#app/content/profile.ts";
import { createSiteClock } from "#app/server/time.server.ts";
import { leadWaitingMail } from "#app/server/mail/lead-waiting-message.server.ts";

/** The site clock at its default zone (SITE_TIMEZONE unset), as the server under test runs. */
const clock = createSiteClock("America/Chicago");

const lead: LeadForMail = {
  id: "0b8e7c1a-5d2f-4a3b-9c6d-7e8f9a0b1c2d",
  created_at: "2026-11-22T16:05:00.000Z",
  from_name: "Maria Gonzalez",
  email: "maria@home.test",
  phone: "(832) 555-0199",
  subject: "Bathroom remodel",
  message: "New tile <and> a walk-in shower.",
  source: "/contact",
};
const FROM = "Example Home Remodeling <no-reply@remodel.test>";
const notification = leadNotificationMail(lead, {
  to: "owner@remodel.test",
  from: FROM,
  siteUrl: "https://www.remodel.test",
  clock,
});
const confirmation = leadConfirmationMail(lead, {
  from: FROM,
  siteUrl: "https://www.remodel.test",
  clock,
  profile: describeProfile(defaultProfile),
});

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return list.flatMap((object) => object.value.map((entry) => entry.address ?? ""));
}

async function sendError(promise: Promise<unknown>): Promise<MailSendError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(MailSendError);
    return error as MailSendError;
  }
  throw new Error("expected the send to fail");
}

/** A port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// ---------------------------------------------------------------------------------------------

describe("SMTP transport", () => {
  let smtp: SmtpTestServer;
  let transport: MailTransport;
  let lines: LogLine[];

  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp?.stop();
  });
  beforeEach(() => {
    smtp.rejectRcpt(null);
    smtp.clear();
    const captured = captureLogger();
    lines = captured.lines;
    transport = createSmtpTransport({ url: smtp.url, logger: captured.logger });
  });
  afterEach(async () => {
    await transport.close();
  });

  test("sends text + HTML with Reply-To and extra headers", async () => {
    const result = await transport.send({
      ...notification,
      headers: { "X-Job-Id": "job-1" },
      messageId: "<job-1@remodel.test>",
    });
    expect(result.id).toBe("<job-1@remodel.test>");
    const [received] = await smtp.waitFor(1);
    expect(received!.envelope).toEqual({ from: "no-reply@remodel.test", to: ["owner@remodel.test"] });
    expect(addresses(received!.parsed.replyTo)).toEqual(["maria@home.test"]);
    expect(received!.parsed.subject).toBe(notification.subject);
    expect(received!.parsed.text?.trim()).toBe(notification.text.trim());
    expect(received!.parsed.html).toContain("New tile &lt;and&gt; a walk-in shower.");
    expect(received!.header("x-job-id")).toBe("job-1");
    expect(transport.name).toBe("smtp");
  });

  test("reuses pooled connections for several messages", async () => {
    await Promise.all(Array.from({ length: 5 }, () => transport.send(confirmation)));
    expect(await smtp.waitFor(5)).toHaveLength(5);
  });

  test("550 to RCPT is permanent; 451 is temporary", async () => {
    smtp.rejectRcpt({ code: 550, message: "5.1.1 No such user", address: "maria@home.test" });
    const permanent = await sendError(transport.send(confirmation));
    expect(permanent.permanent).toBe(true);
    expect(permanent.status).toBe(550);
    expect(permanent.message).toMatch(/550 5\.1\.1 No such user/);

    smtp.rejectRcpt(null);
    smtp.rejectRcpt({ code: 451, message: "4.7.1 Greylisted" });
    const temporary = await sendError(transport.send(confirmation));
    expect(temporary.permanent).toBe(false);
    expect(temporary.status).toBe(451);
    expect(smtp.messages).toHaveLength(0);
  });

  test("a refused connection is temporary, and the transport works once the server is back", async () => {
    await smtp.stop();
    try {
      const refused = await sendError(transport.send(notification));
      expect(refused.permanent).toBe(false);
      expect(refused.message).toMatch(/ECONNREFUSED|ECONNECTION|ESOCKET/);
    } finally {
      await smtp.start();
    }
    await transport.send(notification);
    expect(await smtp.waitFor(1)).toHaveLength(1);
  });

  test("a server that accepts the connection and never greets times out (temporary), no hang", async () => {
    const sockets = new Set<Socket>();
    const silent = createTcpServer((socket) => {
      sockets.add(socket);
      socket.on("error", () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as AddressInfo;
    const stuck = createSmtpTransport({
      url: `smtp://127.0.0.1:${port}`,
      logger: captureLogger().logger,
      timeouts: { greetingMs: 300 },
    });
    try {
      const started = Date.now();
      const error = await sendError(stuck.send(notification));
      expect(error.permanent).toBe(false);
      expect(error.message).toMatch(/ETIMEDOUT|greeting|timeout/i);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await stuck.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  test("a server that trickles its replies is cut off by the send timeout (temporary)", async () => {
    const sockets = new Set<Socket>();
    // Greets, then answers every command with one byte at a time, forever.
    const trickle = createTcpServer((socket) => {
      sockets.add(socket);
      socket.on("error", () => {});
      socket.write("220 slow.test ESMTP\r\n");
      socket.on("data", () => {
        const timer = setInterval(() => socket.write("2"), 50);
        socket.on("close", () => clearInterval(timer));
      });
    });
    await new Promise<void>((resolve) => trickle.listen(0, "127.0.0.1", resolve));
    const { port } = trickle.address() as AddressInfo;
    const slow = createSmtpTransport({
      url: `smtp://127.0.0.1:${port}`,
      logger: captureLogger().logger,
      timeouts: { socketMs: 5000, sendMs: 400 },
    });
    try {
      const started = Date.now();
      const error = await sendError(slow.send(notification));
      expect(error.permanent).toBe(false);
      expect(error.message).toMatch(/timed out after 400 ms/);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await slow.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => trickle.close(resolve));
    }
  });

  test("no log line carries the SMTP password", async () => {
    const captured = captureLogger();
    const withAuth = createSmtpTransport({
      url: `smtp://user:s3cret-pass@127.0.0.1:${await closedPort()}`,
      logger: captured.logger,
    });
    try {
      const error = await sendError(withAuth.send(notification));
      expect(error.message).not.toContain("s3cret-pass");
    } finally {
      await withAuth.close();
    }
    expect(JSON.stringify(captured.lines)).not.toContain("s3cret-pass");
    expect(JSON.stringify(lines)).not.toContain("s3cret-pass");
  });
});

// ---------------------------------------------------------------------------------------------

describe("file transport", () => {
  let dir = "";

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "mail-files-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test("writes a parseable .eml under the directory (created when missing) and logs one line", async () => {
    const { logger, lines } = captureLogger();
    const mailDir = path.join(dir, "data", "mail");
    const transport = createFileTransport({ dir: mailDir, logger });
    const result = await transport.send({ ...notification, headers: { "X-Job-Id": "job-42" } });

    const files = await readdir(mailDir);
    expect(files).toHaveLength(1);
    const [file] = files;
    expect(file).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-lead-notification-job-42\.eml$/);
    expect(result.id).toBe(file);

    const raw = await readFile(path.join(mailDir, file!));
    expect(raw.toString("latin1")).toContain("\r\n"); // RFC 822 line ends
    const parsed = await simpleParser(raw);
    expect(parsed.subject).toBe(notification.subject);
    expect(addresses(parsed.to)).toEqual(["owner@remodel.test"]);
    expect(addresses(parsed.from)).toEqual(["no-reply@remodel.test"]);
    expect(addresses(parsed.replyTo)).toEqual(["maria@home.test"]);
    expect(parsed.text).toContain("Maria Gonzalez");
    expect(parsed.html).toContain("New tile &lt;and&gt; a walk-in shower.");
    expect(parsed.headers.get("x-job-id")).toBe("job-42");

    const infos = lines.filter((line) => line.level === "info");
    expect(infos).toHaveLength(1);
    expect(infos[0]).toMatchObject({
      path: path.join(mailDir, file!),
      to: "owner@remodel.test",
      subject: notification.subject,
    });
    await transport.close();
  });

  test("each message gets its own file, named by kind; an unwritable directory is a temporary error", async () => {
    const { logger } = captureLogger();
    const mailDir = path.join(dir, "two");
    const transport = createFileTransport({ dir: mailDir, logger });
    await transport.send(notification);
    await transport.send(confirmation);
    const files = (await readdir(mailDir)).toSorted();
    expect(files).toHaveLength(2);
    expect(files.some((name) => name.includes("-lead-notification-"))).toBe(true);
    expect(files.some((name) => name.includes("-lead-confirmation-"))).toBe(true);

    const blocker = path.join(dir, "not-a-dir");
    await writeFile(blocker, "a file where the directory should be");
    const blocked = createFileTransport({ dir: path.join(blocker, "mail"), logger });
    const error = await sendError(blocked.send(notification));
    expect(error.permanent).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------

interface Captured {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: Record<string, unknown>;
}

describe("EmailJS transport", () => {
  let server: Server;
  let endpoint = "";
  const requests: Captured[] = [];
  let reply: { status: number; body: string } = { status: 200, body: "OK" };

  beforeAll(async () => {
    server = createHttpServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        requests.push({
          method: request.method ?? "",
          url: request.url ?? "",
          headers: request.headers,
          body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>,
        });
        response.writeHead(reply.status, { "content-type": "text/plain" });
        response.end(reply.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1.0/email/send`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    requests.length = 0;
    reply = { status: 200, body: "OK" };
  });

  function emailjs(logger: Logger, templates: { "lead-notification": string; "lead-confirmation"?: string }, url = endpoint) {
    return createEmailJsTransport({
      endpoint: url,
      serviceId: "service_abc",
      publicKey: "public_key_123",
      privateKey: "private_key_456",
      templates,
      logger,
    });
  }

  test("POSTs JSON with the service, template, keys and the form's field names", async () => {
    const { logger, lines } = captureLogger();
    const transport = emailjs(logger, {
      "lead-notification": "template_notify",
      "lead-confirmation": "template_confirm",
    });
    expect(transport.name).toBe("emailjs");
    const result = await transport.send(notification);
    expect(result.id).toMatch(/^emailjs-/);

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.method).toBe("POST");
    expect(request!.url).toBe("/api/v1.0/email/send");
    expect(request!.headers["content-type"]).toMatch(/^application\/json/);
    expect(request!.body).toEqual({
      service_id: "service_abc",
      template_id: "template_notify",
      user_id: "public_key_123",
      accessToken: "private_key_456",
      template_params: notification.template.params,
    });
    const params = request!.body.template_params as Record<string, string>;
    expect(params).toMatchObject({
      from_name: "Maria Gonzalez",
      email: "maria@home.test",
      phone: "(832) 555-0199",
      subject: "Bathroom remodel",
      message: "New tile <and> a walk-in shower.",
      source: "https://www.remodel.test/contact",
      received_at: "Sunday, November 22, 2026 at 10:05 AM CST",
    });

    await transport.send(confirmation);
    expect(requests[1]!.body.template_id).toBe("template_confirm");
    expect((requests[1]!.body.template_params as Record<string, string>).email).toBe("maria@home.test");
    // The keys never appear in the logs.
    expect(JSON.stringify(lines)).not.toContain("private_key_456");
  });

  test("without a confirmation template, confirmations are skipped with a warning", async () => {
    const { logger, lines } = captureLogger();
    const transport = emailjs(logger, { "lead-notification": "template_notify" });
    expect(await transport.send(confirmation)).toEqual({ id: "skipped" });
    expect(requests).toHaveLength(0);
    expect(lines.find((line) => line.level === "warn")).toMatchObject({ kind: "lead-confirmation" });
  });

  test("400 (bad template) is permanent; 500 and 429 are temporary", async () => {
    const { logger } = captureLogger();
    const transport = emailjs(logger, { "lead-notification": "template_missing" });

    reply = { status: 400, body: "The template ID is invalid" };
    const bad = await sendError(transport.send(notification));
    expect(bad.permanent).toBe(true);
    expect(bad.status).toBe(400);
    expect(bad.message).toContain("The template ID is invalid");

    reply = { status: 500, body: "Internal error" };
    const down = await sendError(transport.send(notification));
    expect(down).toMatchObject({ permanent: false, status: 500 });

    reply = { status: 429, body: "Too many requests" };
    expect(await sendError(transport.send(notification))).toMatchObject({ permanent: false, status: 429 });
  });

  test("as the server sets it up, an unanswered request's reminder goes through the notification template, not skipped", async () => {
    // Skipped, it would never be "sent", and the contractor's phones would not hear of it either (issue 29).
    const { logger } = captureLogger();
    const transport = createMailTransport({
      config: parseEnv({
        EMAILJS_API_URL: endpoint,
        EMAILJS_SERVICE_ID: "service_abc",
        EMAILJS_NOTIFICATION_TEMPLATE_ID: "template_notify",
        EMAILJS_PUBLIC_KEY: "public_key_123",
      }),
      logger,
    });
    const reminder = leadWaitingMail({ to: "owner@remodel.test", from: FROM, siteUrl: "https://www.remodel.test", clock, lead, hours: 4 });
    expect((await transport.send(reminder)).id).toMatch(/^emailjs-/);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.body.template_id).toBe("template_notify");
    expect(requests[0]!.body.template_params).toMatchObject({
      from_name: "Maria Gonzalez",
      phone: "(832) 555-0199",
      subject: "Reminder: no answer yet after 4 business hours — Bathroom remodel, Maria Gonzalez",
      to_email: "owner@remodel.test",
    });
    expect((requests[0]!.body.template_params as Record<string, string>).message).toMatch(
      /^Maria Gonzalez's request for Bathroom remodel has waited 4 business hours for an answer\./,
    );
    await transport.close();
  });

  test("a refused connection is temporary", async () => {
    const { logger } = captureLogger();
    const url = `http://127.0.0.1:${await closedPort()}/api/v1.0/email/send`;
    const error = await sendError(emailjs(logger, { "lead-notification": "t" }, url).send(notification));
    expect(error.permanent).toBe(false);
    expect(error.message).toMatch(/ECONNREFUSED/);
  });
});

// ---------------------------------------------------------------------------------------------

describe("createMailTransport", () => {
  const { logger } = captureLogger();
  const pick = (env: Record<string, string>) => createMailTransport({ config: parseEnv(env), logger });

  test("files by default, under DATA_DIR/mail", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "mail-factory-"));
    try {
      const transport = pick({ DATA_DIR: dir });
      expect(transport.name).toBe("file");
      await transport.send(notification as OutgoingMail);
      expect(await readdir(path.join(dir, "mail"))).toHaveLength(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test("SMTP when SMTP_URL is set, EmailJS when configured, MAIL_TRANSPORT overrides", async () => {
    const smtp = pick({ SMTP_URL: "smtp://127.0.0.1:2525" });
    expect(smtp.name).toBe("smtp");
    await smtp.close();
    const emailjsEnv = {
      EMAILJS_SERVICE_ID: "s",
      EMAILJS_NOTIFICATION_TEMPLATE_ID: "t",
      EMAILJS_PUBLIC_KEY: "p",
    };
    expect(pick(emailjsEnv).name).toBe("emailjs");
    expect(pick({ ...emailjsEnv, SMTP_URL: "smtp://127.0.0.1:2525" }).name).toBe("smtp");
    expect(pick({ ...emailjsEnv, SMTP_URL: "smtp://127.0.0.1:2525", MAIL_TRANSPORT: "file" }).name).toBe("file");
  });
});
