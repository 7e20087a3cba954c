/**
 * A mail server's error in words the owner can act on (docs/decisions/055-mail-failures-at-once.md):
 * the recorded error of a failed send (`email_jobs.last_error`, "SMTP ESOCKET: connect ECONNREFUSED
 * 127.0.0.1:2525") becomes "the mail server at smtp.example.com:587 refused the connection
 * [ECONNREFUSED]". The raw code stays in brackets, for whoever looks it up or asks the provider.
 * The first rule that matches wins; the last one keeps the raw text.
 */

interface Rule {
  /** Tested against the recorded error. */
  match: RegExp;
  /** The words, `{server}` being the mail server's name. */
  words: string;
  /** The code shown in brackets: a fixed one, or the first group of `match` when absent. */
  code?: string;
}

const RULES: readonly Rule[] = [
  { match: /\b(ECONNREFUSED)\b/, words: "the mail server at {server} refused the connection" },
  {
    match: /\b(EAUTH)\b|\b(535)\b|Invalid login|authentication failed/i,
    words: "the mail server at {server} did not accept the user name and password in SMTP_URL",
    code: "EAUTH",
  },
  {
    // nodemailer's EDNS wraps the resolver's own code, which is the one worth showing.
    match: /^(?=[\s\S]*\b(ENOTFOUND|EAI_AGAIN)\b)|\bEDNS\b/,
    words: "the mail server's name {host} could not be found (DNS): check the host in SMTP_URL",
  },
  { match: /\b(EHOSTUNREACH|ENETUNREACH)\b/, words: "the mail server at {server} cannot be reached from this server" },
  {
    match: /certificate|self[- ]signed|\b(CERT_[A-Z_]+|ERR_SSL_[A-Z_]+|ERR_TLS_[A-Z_]+|ETLS)\b|wrong version number|SSL routines/i,
    words: "the secure connection (TLS) to the mail server at {server} failed: check smtp:// or smtps:// and the port in SMTP_URL",
    code: "TLS",
  },
  {
    match: /did not greet in time/,
    words: "the mail server at {server} accepted the connection but never greeted",
    code: "GREETING_TIMEOUT",
  },
  {
    match: /could not be reached in time|\b(ETIMEDOUT|CONNECT_TIMEOUT)\b/,
    words: "the mail server at {server} did not answer in time",
    code: "ETIMEDOUT",
  },
  {
    match: /stopped answering|did not finish the send/,
    words: "the mail server at {server} stopped answering in the middle of a send",
    code: "TIMEOUT",
  },
  { match: /\b(ECONNRESET|EPIPE)\b|Connection closed/i, words: "the mail server at {server} closed the connection", code: "ECONNRESET" },
  { match: /(?:^|\D)(4\d\d)[ -]/, words: "the mail server at {server} asked to try again later" },
  { match: /Cannot write .*: (\w+)/, words: "emails could not be written to DATA_DIR/mail" },
  { match: /EmailJS.*?(\d{3})/, words: "EmailJS refused the email" },
];

/** The longest raw text kept in brackets when no rule knows the error. */
const RAW_MAX = 120;

/**
 * The error in words with its code in brackets. `server` names the mail server as the owner set
 * it (SMTP_URL's host and port); without it the words say "the mail server".
 */
export function mailErrorInWords(error: string, server: string | null): string {
  const host = server?.replace(/:\d+$/, "") ?? null;
  for (const rule of RULES) {
    const found = rule.match.exec(error);
    if (!found) continue;
    const code = rule.code ?? found.slice(1).find(Boolean) ?? found[0];
    const words = rule.words
      .replace("the mail server at {server}", server ? `the mail server at ${server}` : "the mail server")
      .replace("the mail server's name {host}", host ? `the mail server's name ${host}` : "the mail server's name");
    return `${words} [${code}]`;
  }
  const raw = error.replace(/\s+/g, " ").trim();
  return `${server ? `the mail server at ${server}` : "the mail server"} could not take the email [${raw.length > RAW_MAX ? `${raw.slice(0, RAW_MAX - 1)}…` : raw}]`;
}

/** SMTP_URL's host and port as the owner wrote them ("smtp.example.com:587"), or null. */
export function smtpServerName(smtpUrl: string | undefined): string | null {
  if (!smtpUrl) return null;
  try {
    const url = new URL(smtpUrl);
    return url.port ? `${url.hostname}:${url.port}` : url.hostname;
  } catch {
    return null;
  }
}
