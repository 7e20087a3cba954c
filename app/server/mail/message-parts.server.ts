/**
 * What every email is made of: the stored message's shape (text + HTML for SMTP and files, a
 * named template and its variables for EmailJS), the From line, and the small pieces of text
 * and HTML the messages share. Everything a visitor typed is escaped in HTML and reduced to one
 * line in headers.
 */
import { isIP } from "node:net";
import type { SiteProfile } from "#app/content/profile.ts";
import type { EmailJobKind } from "#app/schemas/email-job.ts";
import type { Config } from "#app/server/env.server.ts";

export interface OutgoingMail {
  to: string;
  from: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** For the EmailJS transport: named template and its variables. */
  template: { kind: EmailJobKind; params: Record<string, string> };
  /**
   * Extra headers. The outbox adds `X-Job-Id` at send time (not stored in the payload), so a
   * message can be traced back to its job.
   */
  headers?: Record<string, string>;
  /**
   * The Message-ID, `<local@domain>`. The outbox sets one derived from the job id, so a job
   * sent twice (a worker died after sending, before recording it) carries the same Message-ID
   * and mail clients can fold the copies together.
   */
  messageId?: string;
  /**
   * A calendar invitation (visits): sent as the text/calendar alternative with its METHOD, which
   * mail apps turn into "Add to calendar". EmailJS cannot carry it (the text says it all).
   */
  icalEvent?: { method: "REQUEST" | "CANCEL"; content: string; filename: string };
  /**
   * Files attached by reference (a signed quote's PDF): the payload names them, the outbox reads
   * them when it sends (`AttachmentSource`), so a queued email stays small and the file it
   * carries is made by whichever attempt first needs it. EmailJS cannot carry them (the text
   * says where the file is).
   */
  attachments?: MailAttachmentRef[];
}

export interface MailAttachmentRef {
  filename: string;
  contentType: string;
  /** What the attachment source knows it by, e.g. "signed-quote:<signature id>". */
  ref: string;
}

/** A message as a transport sends it: the stored one, with its attachments read. */
export type SendableMail = OutgoingMail & { files?: { filename: string; contentType: string; content: Buffer }[] };

/** The outbox's reader of attachments by reference; a rejection fails the attempt (it is retried). */
export type AttachmentSource = (ref: string) => Promise<Buffer>;

/** The profile facts the emails show. */
export type MailProfile = Pick<SiteProfile, "name" | "phone" | "phoneHref" | "publicEmail" | "hoursSummary" | "location"> &
  /** The opening hours themselves, for a summary in the homeowner's language (ADR 064). */
  Partial<Pick<SiteProfile, "hours">>;

/**
 * The From line: MAIL_FROM as it is when it names a sender ("Name <address>"); a bare MAIL_FROM
 * address, or no-reply@ the site's domain when unset (defaultSenderAddress), gets the business
 * name as its display name.
 */
export function senderAddress({ mailFrom, publicUrl, name }: { mailFrom: string | undefined; publicUrl: string; name: string }): string {
  const configured = mailFrom?.trim();
  if (configured && configured.includes("<")) return configured;
  const address = configured || defaultSenderAddress(publicUrl);
  const display = oneLine(name).replace(/[\\"]/g, "").slice(0, 80) || "Website";
  return `"${display}" <${address}>`;
}

/**
 * The sender when MAIL_FROM is unset: no-reply@ PUBLIC_URL's host without a leading "www.", so
 * the records that vouch for it (SPF, DKIM, DMARC; ADR 054) sit at the domain the owner already
 * manages. On a fresh install, or with PUBLIC_URL at an IP address (no domain to vouch for it),
 * that is no-reply@localhost, which the checklist flags.
 */
export function defaultSenderAddress(publicUrl: string): string {
  const host = new URL(publicUrl).hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) !== 0 || host === "localhost" || host.endsWith(".localhost")) return "no-reply@localhost";
  return `no-reply@${host.replace(/^www\./i, "")}`;
}

/** The bare address mail is sent from (MAIL_FROM's address, or the default), lower-cased. */
export function siteSenderAddress(config: Pick<Config, "env" | "publicUrl">): string {
  const configured = config.env.MAIL_FROM?.trim();
  if (!configured) return defaultSenderAddress(config.publicUrl).toLowerCase();
  return (/<([^<>]+)>\s*$/.exec(configured)?.[1] ?? configured).trim().toLowerCase();
}

/** The domain of an address ("Name <a@b.com>" or "a@b.com"), lower-cased; "" when there is none. */
export function addressDomain(address: string): string {
  const bare = /<([^<>]+)>\s*$/.exec(address)?.[1] ?? address;
  const at = bare.lastIndexOf("@");
  const domain = at < 0 ? "" : bare.slice(at + 1);
  return domain.trim().toLowerCase();
}

/** This site's From line for the business named `name`: senderAddress with MAIL_FROM and the public address. */
export function siteSender(config: Pick<Config, "env" | "publicUrl">, name: string): string {
  return senderAddress({ mailFrom: config.env.MAIL_FROM, publicUrl: config.publicUrl, name });
}

/** A labelled value of a message's table. */
export type Row = [label: string, value: string];

/**
 * Text lines "Label:   value", the values lined up (at least `min` wide, so older lines keep their
 * look). A label that is a question ("What do you need?") takes no colon.
 */
export function textRows(rows: Row[], min: number, indent = ""): string[] {
  const width = Math.max(min, ...rows.map(([label]) => label.length + 2));
  return rows.map(([label, value]) => `${indent}${(label.endsWith("?") ? label : `${label}:`).padEnd(width)}${oneLine(value)}`);
}

/** Escapes text for HTML element content and double- or single-quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;");
}

/** Collapses line breaks, tabs and runs of spaces: for headers and one-line labels. */
export function oneLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

export function truncate(value: string, max: number): string {
  return value.length <= max ? value : `${value.slice(0, max - 1)}…`;
}

/** "/contact" → "https://site/contact"; an absolute URL or anything else is kept as it is. */
export function pageUrl(source: string, siteUrl: string): string {
  const trimmed = source.trim();
  if (trimmed.startsWith("/") && !trimmed.startsWith("//")) return `${siteUrl.replace(/\/+$/, "")}${trimmed}`;
  return trimmed;
}

/** A `tel:` link for a typed phone number, or null when it has too few digits to be one. */
export function telHref(phone: string): string | null {
  const digits = phone.replace(/[^\d+]/g, "").replace(/(?!^)\+/g, "");
  return digits.replace("+", "").length >= 7 ? `tel:${digits}` : null;
}

/** An email's HTML page; `lang` is the reader's language ("en" or "es"). */
export function page(title: string, body: string, lang: string = "en"): string {
  return [
    "<!doctype html>",
    `<html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">`,
    `<title>${escapeHtml(title)}</title></head>`,
    `<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#222">`,
    `<div style="max-width:600px">`,
    body,
    "</div></body></html>",
    "",
  ].join("\n");
}
