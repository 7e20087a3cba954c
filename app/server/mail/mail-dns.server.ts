/**
 * The DNS records that make the site's mail arrive (docs/decisions/054-dkim-and-dns-records.md):
 * SPF (which servers may send for the domain), DKIM (the public half of the site's signing key)
 * and DMARC (what receivers do with mail that fails both), each for the domain of the sender
 * (MAIL_FROM's address), and whether each is published. Lookups go through a small resolver
 * interface (node:dns/promises in the server, a test's own resolver in tests); a lookup that fails
 * or takes too long says "could not check" rather than "missing".
 */
import { Resolver } from "node:dns/promises";
import { dkimRecordValue, type DkimKey } from "#app/server/mail/dkim.server.ts";
import { spfHint } from "#app/server/mail/spf-hints.server.ts";

export type MailRecordKind = "spf" | "dkim" | "dmarc";

/** One record to publish: a TXT record's name and value. `value` is null while there is no DKIM key. */
export interface MailRecord {
  kind: MailRecordKind;
  type: "TXT";
  name: string;
  value: string | null;
  /** What it is for and how to publish it, in a sentence or two. */
  note: string;
  /** For SPF: the mechanism a published record must name (a known provider's include); null: any SPF will do. */
  mustName?: string | null;
}

/** Published as shown; not there; there but not what it should be; no answer; no key made yet. */
export type RecordState = "present" | "missing" | "differs" | "unchecked" | "no-key";

export interface CheckedRecord extends MailRecord {
  state: RecordState;
  /** What the domain publishes there now (the TXT strings that look like this kind of record). */
  found: string[];
  /** The state in a sentence. */
  detail: string;
}

/** How TXT records are looked up: node's resolver, or a test's. Rejects with `code` ENOTFOUND/ENODATA when there is none. */
export interface TxtResolver {
  resolveTxt(name: string): Promise<string[][]>;
}

const RECORD_LABEL: Record<MailRecordKind, string> = { spf: "SPF", dkim: "DKIM", dmarc: "DMARC" };

export function recordLabel(kind: MailRecordKind): string {
  return RECORD_LABEL[kind];
}

/** The three records for mail from `domain`, sent through `smtpHost`, signed with `dkim`, reports to `reportTo`. */
export function wantedMailRecords({
  domain,
  smtpHost,
  dkim,
  reportTo,
}: {
  domain: string;
  smtpHost: string | null;
  dkim: Pick<DkimKey, "selector" | "publicKey"> | null;
  reportTo: string;
}): MailRecord[] {
  const hint = spfHint(smtpHost);
  const spfValue = `v=spf1 ${hint ? `${hint.mechanism} ` : ""}mx ~all`;
  return [
    {
      kind: "spf",
      type: "TXT",
      name: domain,
      value: spfValue,
      mustName: hint && !hint.mechanism.startsWith("a:") ? hint.mechanism : null,
      note: hint?.provider
        ? `Says that ${hint.provider} (your SMTP_URL) may send mail for ${domain}. A domain has only one SPF record: if it already has one, add ${hint.mechanism} to it instead.`
        : `Says which servers may send mail for ${domain}: here the mail server in SMTP_URL and your domain's own mail servers (mx). A domain has only one SPF record: if it already has one, add to it. Your mail provider's help pages give the exact include: to use.`,
    },
    {
      kind: "dkim",
      type: "TXT",
      name: dkim ? `${dkim.selector}._domainkey.${domain}` : `<selector>._domainkey.${domain}`,
      value: dkim ? dkimRecordValue(dkim) : null,
      note: dkim
        ? "The public half of the key the site signs every email with. Paste the value as one line; most DNS panels split long values by themselves."
        : "The site has no signing key yet. Make one on the server with: npm run cli -- dkim-key",
    },
    {
      kind: "dmarc",
      type: "TXT",
      name: `_dmarc.${domain}`,
      value: `v=DMARC1; p=quarantine; rua=mailto:${reportTo}`,
      note: `Tells receivers to put mail that fails SPF and DKIM in spam, and to send daily reports (XML files) to ${reportTo}.`,
    },
  ];
}

/** The TXT strings at `name` (each record's chunks joined), or an error code. */
async function lookup(resolver: TxtResolver, name: string, timeoutMs: number): Promise<string[] | { error: string }> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error("DNS lookup timed out"), { code: "ETIMEOUT" })), timeoutMs);
  });
  try {
    const records = await Promise.race([resolver.resolveTxt(name), timeout]);
    return records.map((chunks) => chunks.join(""));
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === "ENOTFOUND" || code === "ENODATA") return [];
    return { error: typeof code === "string" ? code : error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

const squeeze = (value: string) => value.replace(/\s+/g, "");

/** Each record with what the domain publishes and its state, looked up side by side. */
export async function checkMailRecords({
  records,
  resolver,
  timeoutMs = 4000,
}: {
  records: MailRecord[];
  resolver: TxtResolver;
  timeoutMs?: number;
}): Promise<CheckedRecord[]> {
  return Promise.all(
    records.map(async (record): Promise<CheckedRecord> => {
      if (record.value === null) return { ...record, state: "no-key", found: [], detail: "No signing key has been made yet." };
      const answer = await lookup(resolver, record.name, timeoutMs);
      if (!Array.isArray(answer)) {
        return { ...record, state: "unchecked", found: [], detail: `Could not check: the DNS lookup failed (${answer.error}).` };
      }
      return judge(record, answer);
    }),
  );
}

function judge(record: MailRecord, txt: string[]): CheckedRecord {
  const tag = record.kind === "spf" ? /^v=spf1(\s|$)/i : record.kind === "dmarc" ? /^v=DMARC1\s*(;|$)/i : /(^|;)\s*(v=DKIM1|p=)/i;
  const found = txt.filter((value) => tag.test(value.trim()));
  const result = (state: RecordState, detail: string): CheckedRecord => ({ ...record, state, found, detail });
  const label = recordLabel(record.kind);
  if (found.length === 0) return result("missing", `There is no ${label} record at ${record.name}.`);
  if (record.kind === "dkim") {
    const wanted = /p=([^;]+)/.exec(squeeze(record.value ?? ""))?.[1] ?? "";
    return found.some((value) => /p=([^;]*)/.exec(squeeze(value))?.[1] === wanted)
      ? result("present", "Published: receivers can check the site's signature.")
      : result("differs", "A DKIM record is published there, but with another key: publish the value shown.");
  }
  if (found.length > 1) return result("differs", `There are ${found.length} ${label} records at ${record.name}: keep one, merged.`);
  if (record.kind === "spf" && record.mustName) {
    const named = found[0]!.toLowerCase().split(/\s+/).includes(record.mustName.toLowerCase());
    if (!named) return result("differs", `The SPF record does not name ${record.mustName}: add it before ~all.`);
  }
  return result("present", `Published: ${found[0]}`);
}

/** node:dns/promises, with its own short timeout: a dashboard never waits long on DNS. */
export function nodeTxtResolver(): TxtResolver {
  const resolver = new Resolver({ timeout: 1500, tries: 2 });
  return { resolveTxt: (name) => resolver.resolveTxt(name) };
}

/** Keeps the last answers a few minutes: the dashboard reloads often, DNS changes rarely. */
export interface MailDnsCheck {
  check(records: MailRecord[], options?: { fresh?: boolean }): Promise<CheckedRecord[]>;
}

export function createMailDnsCheck({
  resolver,
  cacheMs = 5 * 60_000,
  failedCacheMs = 30_000,
}: {
  resolver: TxtResolver;
  /** How long answers are kept. */
  cacheMs?: number;
  /** How long a failed lookup is kept: short, but a DNS server that times out does not slow every page. */
  failedCacheMs?: number;
}): MailDnsCheck {
  let cached: { key: string; until: number; records: CheckedRecord[] } | undefined;
  return {
    async check(records, { fresh = false } = {}) {
      const key = JSON.stringify(records.map((record) => [record.name, record.value, record.mustName ?? null]));
      if (!fresh && cached?.key === key && Date.now() < cached.until) return cached.records;
      const checked = await checkMailRecords({ records, resolver });
      const failed = checked.some((record) => record.state === "unchecked");
      cached = { key, until: Date.now() + (failed ? failedCacheMs : cacheMs), records: checked };
      return checked;
    },
  };
}
