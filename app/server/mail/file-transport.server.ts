/**
 * Mail written as `.eml` files under DATA_DIR/mail: the default, so a new install shows its mail
 * without any set-up. nodemailer composes the message, imported lazily on the first send, and
 * signs it with the site's DKIM key when there is one, as SMTP does.
 */
import { randomUUID } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "#app/server/logger.server.ts";
import { MailSendError, type MailTransport } from "#app/server/mail/mail-transport.server.ts";
import type { DkimSource } from "#app/server/mail/dkim.server.ts";
import { nodemailerMessage, signingFor, smtpSendError } from "#app/server/mail/smtp-transport.server.ts";

/**
 * Writes each message as an RFC 822 `.eml` file under `dir` (created when missing), named
 * `<time>-<kind>-<id>.eml` with the time in ISO-8601 UTC (`:` written as `-`, for file
 * systems that refuse it), and logs one info line with the path, recipient and subject.
 */
export function createFileTransport({ dir, logger, dkim }: { dir: string; logger: Logger; dkim?: DkimSource }): MailTransport {
  const log = logger.child({ component: "mail", transport: "file" });
  let composer: ReturnType<typeof loadComposer> | undefined;

  return {
    name: "file",
    async send(mail) {
      composer ??= loadComposer();
      let raw: Buffer;
      try {
        const info = await (await composer).sendMail(nodemailerMessage(mail, await signingFor(dkim, mail, log)));
        raw = info.message as Buffer;
      } catch (error) {
        throw smtpSendError(error);
      }
      const id = safeFilePart(mail.headers?.["X-Job-Id"] ?? randomUUID());
      const time = new Date().toISOString().replaceAll(":", "-");
      const file = path.join(path.resolve(dir), `${time}-${safeFilePart(mail.template.kind)}-${id}.eml`);
      try {
        await mkdir(path.dirname(file), { recursive: true });
        // Written under a temporary name first, so a reader never sees half a message.
        const partial = `${file}.${process.pid}.part`;
        await writeFile(partial, raw);
        await rename(partial, file);
      } catch (error) {
        const code = (error as { code?: string }).code;
        throw new MailSendError(`Cannot write ${file}: ${code ?? (error as Error).message}`, {
          permanent: false,
          cause: error,
        });
      }
      log.info("email written to file", { path: file, to: mail.to, subject: mail.subject });
      return { id: path.basename(file) };
    },
    async close() {},
  };
}

/** nodemailer's stream transport, which builds the RFC 822 message into a Buffer. */
async function loadComposer() {
  const { createTransport } = await import("nodemailer");
  return createTransport({ streamTransport: true, buffer: true, newline: "windows" });
}

function safeFilePart(value: string): string {
  return value.replace(/[^A-Za-z0-9._-]/g, "_").slice(0, 80);
}
