/**
 * The go-live checklist: what still makes the site a template, each item with its status and
 * the fix in one sentence. The admin dashboard shows it; in production the host prints every
 * open item as a warning at start-up (server/main.ts), so an operator who never opens the
 * dashboard still hears that leads would go to a placeholder inbox. The last two items are the
 * server's own health: room on its disk and a data folder it can write (ADR 044).
 */
import { defaultProfile } from "#app/content/company.ts";
import type { BusinessProfile } from "#app/schemas/site-rules.ts";
import type { Config } from "#app/server/env.server.ts";
import type { Gallery } from "#app/server/gallery/gallery.server.ts";
import { formatDiskBytes, type DiskChecks, type DiskReadiness } from "#app/server/storage/disk.server.ts";
import type { Site } from "#app/server/site/types.server.ts";
import { claimsCheck, type ClaimsCheck } from "#app/server/site/checklist-claims.server.ts";
import { SHOWN_PER_KIND, spanishCheck, type MissingGroup } from "#app/server/site/checklist-spanish.server.ts";
import { mailChecks, type MailCheckId, type MailChecklistSource } from "#app/server/site/checklist-mail.server.ts";
import type { SiteClock } from "#app/server/time.server.ts";

type CheckStatus = "done" | "todo" | "optional";

export interface GoLiveCheck {
  id:
    | MailCheckId
    | "lead-inbox"
    | "business"
    | "public-url"
    | "photos"
    | "testimonials"
    | "google"
    | "disk"
    | "data-folder"
    | "spanish"
    | ClaimsCheck["id"];
  /** What the item is about, as a goal: "Email delivery is set up". */
  label: string;
  status: CheckStatus;
  /** What is the case now, in one sentence. */
  detail: string;
  /** How to close it, in one sentence (also shown, as a hint, for an optional item). */
  fix: string;
  /** The admin page where it is fixed, when there is one. */
  href: string | null;
  /**
   * Trouble on a site that may already be live (its disk, its data folder): homeowners' photos
   * are being lost now, so the dashboard says it before anything else, not among the set-up tasks.
   */
  urgent: boolean;
  /** Things still missing by kind, each with the page that fixes it (the Spanish item, ADR 064). */
  missing?: MissingGroup[];
}

/** One item before the dashboard decides whether it is urgent (a failing mail server says so itself). */
type Check = Omit<GoLiveCheck, "urgent"> & { urgent?: boolean };

/** The least number of published photos that make the gallery look like real work. */
const MIN_PUBLISHED_PHOTOS = 6;

/** Addresses no one reads: the documentation domains (RFC 2606) and their subdomains. */
export function isPlaceholderEmail(email: string): boolean {
  const domain = email.split("@").pop()?.toLowerCase() ?? "";
  return /(^|\.)example\.(com|org|net)$/.test(domain);
}

/** A host that only this machine reaches. */
function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return host === "localhost" || host.endsWith(".localhost") || host.startsWith("127.") || host === "::1" || host === "0.0.0.0";
}

export interface ChecklistSources {
  config: Pick<Config, "env" | "publicUrl">;
  site: Pick<Site, "profile" | "leadInbox" | "testimonials" | "adminTexts" | "spanishGaps">;
  gallery: Pick<Gallery, "countPublished">;
  disk: Pick<DiskChecks, "readiness">;
  /** The mail server's health and the sender's DNS records (checklist-mail.server.ts). */
  mail: MailChecklistSource;
  clock: Pick<SiteClock, "formatTime">;
}

export async function goLiveChecklist({ config, site, gallery, disk, mail, clock }: ChecklistSources): Promise<GoLiveCheck[]> {
  const [profile, leadInbox, testimonials, texts, gaps, published, readiness, [delivery, ...mailSetup]] = await Promise.all([
    site.profile(),
    site.leadInbox(),
    site.testimonials(),
    site.adminTexts(),
    site.spanishGaps({ projectLimit: SHOWN_PER_KIND }),
    gallery.countPublished(),
    // Unreadable disk figures leave their items out rather than the whole dashboard.
    disk.readiness().catch(() => null),
    mailChecks({ config, mail, clock }),
  ]);
  const checks: Check[] = [
    delivery!,
    leadInboxCheck(leadInbox, Boolean(config.env.LEADS_TO)),
    businessCheck(profile),
    claimsCheck(profile),
    publicUrlCheck(config.publicUrl),
    photosCheck(published),
    testimonialsCheck(testimonials.length),
    googleCheck(config),
    spanishCheck({ texts, profile, testimonials, ...gaps }),
    ...mailSetup,
    ...(readiness ? [diskCheck(readiness), dataFolderCheck(readiness)] : []),
  ];
  return checks.map((check) => ({ ...check, urgent: check.urgent ?? (SERVER_HEALTH.has(check.id) && check.status === "todo") }));
}

/** The items about the server itself rather than the site's set-up (ADR 044). */
const SERVER_HEALTH: ReadonlySet<GoLiveCheck["id"]> = new Set(["disk", "data-folder"]);

function diskCheck({ disk }: DiskReadiness): Check {
  const base = { id: "disk", label: "The server's disk has room for photos", href: null } as const;
  const free = formatDiskBytes(disk.freeBytes);
  if (disk.low) {
    const none = disk.freeBytes <= disk.reserveBytes;
    return {
      ...base,
      status: "todo",
      detail: `The server's disk is almost full: ${free} free. ${
        none ? "Photos sent with estimate requests are not being kept" : "Larger photos sent with estimate requests are not being kept"
      } until space is freed (the requests themselves are).`,
      fix: `Delete files you no longer need on the server's disk (old backups, logs) or move DATA_DIR to a larger disk. The site keeps ${formatDiskBytes(disk.reserveBytes)} free for the requests themselves (DISK_RESERVE_MB).`,
    };
  }
  return { ...base, status: "done", detail: `The server's disk has ${free} free.`, fix: "Nothing to do." };
}

function dataFolderCheck(readiness: DiskReadiness): Check {
  const base = { id: "data-folder", label: "The server can write its data folder", href: null } as const;
  if (readiness.dataDir === "unwritable") {
    const folders = joinWords(readiness.unwritable.map((name) => (name === "." ? "the data folder itself" : `its ${name} folder`)));
    const itself = readiness.unwritable.includes(".");
    return {
      ...base,
      status: "todo",
      detail: `The server cannot write to ${folders} (DATA_DIR): photos sent with estimate requests are not kept${
        itself ? ", and new requests may not be stored" : ""
      }.`,
      fix: "Give the user the server runs as write access to DATA_DIR and everything in it (for example: chown -R that user DATA_DIR), and check the disk is not mounted read-only; then reload this page.",
    };
  }
  return { ...base, status: "done", detail: "The server can write its data folder (DATA_DIR).", fix: "Nothing to do." };
}

function leadInboxCheck(leadInbox: string, fromEnv: boolean): Check {
  const base = { id: "lead-inbox", label: "Estimate requests go to your inbox", href: "/admin/site" } as const;
  if (isPlaceholderEmail(leadInbox)) {
    return {
      ...base,
      status: "todo",
      detail: `Estimate requests go to ${leadInbox}, an address no one reads.`,
      fix: fromEnv
        ? "Set LEADS_TO to the inbox that should receive estimate requests (or remove it and use the profile's lead inbox), then restart."
        : "Enter the inbox that should receive estimate requests in the business profile.",
    };
  }
  return {
    ...base,
    status: "done",
    detail: `Estimate requests go to ${leadInbox}${fromEnv ? " (set by LEADS_TO)" : ""}.`,
    fix: fromEnv ? "LEADS_TO wins over the profile's lead inbox: change it there." : "Change it in the business profile if it moves.",
  };
}

function businessCheck(profile: BusinessProfile): Check {
  const placeholders = [
    profile.name === defaultProfile.name ? "name" : null,
    profile.phone === defaultProfile.phone ? "phone" : null,
    profile.publicEmail === defaultProfile.publicEmail || isPlaceholderEmail(profile.publicEmail) ? "email" : null,
  ].filter((field): field is string => field !== null);
  const base = {
    id: "business",
    label: "The site shows your business name, phone and email",
    href: "/admin/site",
  } as const;
  if (placeholders.length > 0) {
    return {
      ...base,
      status: "todo",
      detail: `The site still shows the placeholder ${joinWords(placeholders)} (${[
        placeholders.includes("name") ? profile.name : null,
        placeholders.includes("phone") ? profile.phone : null,
        placeholders.includes("email") ? profile.publicEmail : null,
      ]
        .filter(Boolean)
        .join(", ")}).`,
      fix: "Enter your business name, phone and email in the business profile.",
    };
  }
  return {
    ...base,
    status: "done",
    detail: `The site shows ${profile.name}, ${profile.phone} and ${profile.publicEmail}.`,
    fix: "Change them in the business profile.",
  };
}

function joinWords(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

function publicUrlCheck(publicUrl: string): Check {
  const url = new URL(publicUrl);
  const base = { id: "public-url", label: "PUBLIC_URL is the site's https address", href: null } as const;
  const local = isLocalHost(url.hostname);
  if (local || url.protocol !== "https:") {
    return {
      ...base,
      status: "todo",
      detail: local
        ? `PUBLIC_URL is ${publicUrl}, which only this machine can open: links in emails, the sitemap and search results would point there.`
        : `PUBLIC_URL is ${publicUrl}, without https: browsers mark the site "Not secure".`,
      fix: "Set PUBLIC_URL to the site's public https address (like https://www.yourcompany.com) and put Caddy in front for the certificate (docs/operating/one-server.md walks through it), then restart.",
    };
  }
  return {
    ...base,
    status: "done",
    detail: `The site's address is ${publicUrl}.`,
    fix: "Change PUBLIC_URL if the address moves.",
  };
}

function photosCheck(published: number): Check {
  const base = {
    id: "photos",
    label: `At least ${MIN_PUBLISHED_PHOTOS} photos of your work are published`,
    href: "/admin/gallery",
  } as const;
  const now = `${published === 0 ? "No" : published} photo${published === 1 ? " is" : "s are"} published`;
  if (published < MIN_PUBLISHED_PHOTOS) {
    return {
      ...base,
      status: "todo",
      detail: `${now}: the gallery shows drawings instead of your work.`,
      fix: `Upload and publish at least ${MIN_PUBLISHED_PHOTOS - published} more photo${MIN_PUBLISHED_PHOTOS - published === 1 ? "" : "s"} of finished jobs in the gallery.`,
    };
  }
  return { ...base, status: "done", detail: `${now}.`, fix: "Add new jobs as you finish them." };
}

function testimonialsCheck(count: number): Check {
  const base = { id: "testimonials", label: "At least one customer testimonial", href: "/admin/site" } as const;
  if (count === 0) {
    return {
      ...base,
      status: "todo",
      detail: "There are no testimonials: visitors see no word from your customers.",
      fix: "Add what a customer said about your work, with their agreement, in the site's testimonials.",
    };
  }
  return {
    ...base,
    status: "done",
    detail: `${count} testimonial${count === 1 ? " is" : "s are"} shown.`,
    fix: "Add more as reviews come in.",
  };
}

function googleCheck(config: ChecklistSources["config"]): Check {
  const base = { id: "google", label: "Google sign-in (optional)", href: null } as const;
  if (config.env.GOOGLE_CLIENT_ID && config.env.GOOGLE_CLIENT_SECRET) {
    return {
      ...base,
      status: "done",
      detail: "“Continue with Google” is shown on the sign-in page.",
      fix: "Nothing to do.",
    };
  }
  return {
    ...base,
    status: "optional",
    detail: "Visitors sign in with an email and password only.",
    fix: "To offer “Continue with Google”, set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET and register PUBLIC_URL/auth/google/callback with Google.",
  };
}

/** The start-up warning for an open item: one plain line, with the admin page that fixes it. */
export function checkWarningLine(check: GoLiveCheck, publicUrl: string): string {
  const where = check.href ? ` (${publicUrl}${check.href})` : "";
  return `Not ready to go live: ${check.detail} ${check.fix}${where}`;
}
