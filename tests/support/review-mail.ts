/** Reading the review emails (issue 29) as they arrive at the SMTP listener. */
import { expect } from "vitest";
import type { ReceivedMail, SmtpTestServer } from "#tests/support/smtp.ts";
import { waitUntil } from "#tests/support/leads.ts";
import { PUBLIC_URL } from "#tests/support/review-site.ts";

/** A header as the raw message carries it (mailparser turns List-* headers into its own structure). */
export function rawHeader(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.raw
    .toString("utf8")
    .split("\r\n\r\n")[0]!
    .replace(/\r\n[ \t]+/g, " ");
  const line = head.split("\r\n").find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}: `));
  return line?.slice(name.length + 2);
}

/** The public review link of an email's text: /review/<token>/go on PUBLIC_URL. */
export function publicLinkOf(mail: ReceivedMail): { url: string; token: string } {
  const match = new RegExp(`${PUBLIC_URL}/review/([A-Za-z0-9_-]{43})/go`).exec(mail.parsed.text ?? "");
  expect(match, "the public review link").not.toBeNull();
  return { url: match![0], token: match![1]! };
}

/** The path of an address on PUBLIC_URL, to ask the test's server. */
export function pathOf(url: string): string {
  expect(url.startsWith(`${PUBLIC_URL}/`), url).toBe(true);
  return url.slice(PUBLIC_URL.length);
}

/** The emails to `address` so far. */
export function mailsTo(smtp: SmtpTestServer, address: string): ReceivedMail[] {
  return smtp.messages.filter((m) => m.envelope.to.includes(address));
}

/** Waits until `count` emails reached `address`, and returns them. */
export async function waitForMailsTo(smtp: SmtpTestServer, address: string, count: number, what: string): Promise<ReceivedMail[]> {
  await waitUntil(() => mailsTo(smtp, address).length >= count, 15_000, what);
  return mailsTo(smtp, address);
}
