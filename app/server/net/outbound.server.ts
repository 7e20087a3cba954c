/**
 * The one guard for requests to an address a user or a file supplies (a push subscription's
 * endpoint, an image address in a Firebase export): ADR 046.
 *
 * The address is judged three times, each for its own reason:
 * - the URL, before anything is sent, so the person gets a clear sentence (scheme, credentials,
 *   a private IP literal in any notation, a local name with or without a trailing dot);
 * - every address a name resolves to, inside the agent's `lookup`, so the address connected to is
 *   the one judged (a name that answers "public" to a check and "127.0.0.1" to the connection,
 *   DNS rebinding, gets nowhere);
 * - an IP literal in the agent's `createConnection`, because Node connects to a literal without
 *   calling `lookup`, and a library (web-push's legacy `url.parse`) may read a host differently
 *   from the URL check.
 * Redirects are followed here, one hop at a time, each judged again.
 */
import { lookup as dnsLookup } from "node:dns/promises";
import {
  Agent as HttpAgent,
  request as httpRequest,
  type AgentOptions,
  type ClientRequestArgs,
  type IncomingHttpHeaders,
  type IncomingMessage,
} from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import type { Duplex } from "node:stream";

interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to every address it has (DNS by default; tests inject their own). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface OutboundPolicy {
  /**
   * Connect to loopback, private and other non-public addresses too: the operator's
   * `import-firebase --allow-private-addresses`, or the tests' PUSH_ALLOW_LOCAL and BUSY_FEED_ALLOW_LOCAL.
   */
  allowPrivate?: boolean;
  resolve?: Resolver;
  /** Addresses a test treats as public: a stand-in for a public server, which tests cannot reach. */
  trustedAddresses?: readonly string[];
}

// Special-purpose IPv4 ranges that are not on the public internet (IANA registry, RFC 6890).
const nonPublicV4 = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network", unspecified
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // CGNAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast, deprecated
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and 255.255.255.255 broadcast
] as const) {
  nonPublicV4.addSubnet(network, prefix, "ipv4");
}

// Inside 2000::/3 (the only global unicast space), what is still not public. Teredo (2001::/32)
// is judged by its embedded addresses before this list is consulted.
const nonPublicV6 = new BlockList();
for (const [network, prefix] of [
  ["2001::", 23], // IETF protocol assignments
  ["2001:db8::", 32], // documentation
  ["3fff::", 20], // documentation (RFC 9637)
] as const) {
  nonPublicV6.addSubnet(network, prefix, "ipv6");
}

const hexGroups = (part: string) => (part === "" ? [] : part.split(":").map((group) => Number.parseInt(group, 16)));

/** The eight 16-bit groups of an IPv6 address in any notation (zone and brackets ignored), or null. */
export function parseIPv6(address: string): number[] | null {
  const text = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (isIP(text) !== 6) return null;
  let body = text;
  const tail: number[] = [];
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(body);
  if (dotted) {
    const [a, b, c, d] = dotted[2]!.split(".").map(Number) as [number, number, number, number];
    tail.push((a << 8) | b, (c << 8) | d);
    body = dotted[1]!.endsWith("::") ? dotted[1]! : dotted[1]!.slice(0, -1);
  }
  const [head, rest] = body.split("::") as [string, string | undefined];
  const before = hexGroups(head);
  const after = [...(rest === undefined ? [] : hexGroups(rest)), ...tail];
  if (rest === undefined) return [...before, ...after];
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

const v4 = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/**
 * The IPv4 addresses an IPv6 address carries and reaches, or null when it embeds none: mapped
 * (::ffff:0:0/96), translated (::ffff:0:0:0/96), compatible (::/96), NAT64 (64:ff9b::/96), 6to4
 * (2002::/16) and Teredo (2001::/32: its server and its client, whose bits are inverted).
 */
export function embeddedIPv4(address: string): string[] | null {
  const g = parseIPv6(address);
  if (!g) return null;
  const [g0, g1, g2, g3, g4, g5, g6, g7] = g as [number, number, number, number, number, number, number, number];
  const zeros = (from: number, to: number) => g.slice(from, to).every((group) => group === 0);
  if (zeros(0, 5) && g5 === 0xffff) return [v4(g6, g7)];
  if (zeros(0, 4) && g4 === 0xffff && g5 === 0) return [v4(g6, g7)];
  if (zeros(0, 6)) return [v4(g6, g7)];
  if (g0 === 0x64 && g1 === 0xff9b && zeros(2, 6)) return [v4(g6, g7)];
  if (g0 === 0x2002) return [v4(g1, g2)];
  if (g0 === 0x2001 && g1 === 0) return [v4(g2, g3), v4(~g6 & 0xffff, ~g7 & 0xffff)];
  return null;
}

/**
 * Whether an IP address is on the public internet. Loopback, private, CGNAT, link-local,
 * multicast, unspecified, broadcast, documentation and benchmarking ranges, ULA and every other
 * IPv6 address outside 2000::/3 are not; an IPv6 form that embeds an IPv4 address is judged by
 * what it embeds. Anything that is not an IP address is not public.
 */
export function isPublicAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(ip);
  if (family === 4) return !nonPublicV4.check(ip, "ipv4");
  if (family !== 6) return false;
  const embedded = embeddedIPv4(ip);
  if (embedded) return embedded.every((inner) => !nonPublicV4.check(inner, "ipv4"));
  const groups = parseIPv6(ip)!;
  if ((groups[0]! & 0xe000) !== 0x2000) return false;
  return !nonPublicV6.check(groups.map((group) => group.toString(16)).join(":"), "ipv6");
}

// Names that only ever mean this machine or the local network (RFC 6761, 6762, 8375), and the
// cloud metadata names under .internal.
const localNames = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i;

/** Why an address was refused: each caller says it in its own words. */
type OutboundRefusal =
  | { reason: "invalid" }
  | { reason: "scheme"; protocol: string }
  | { reason: "credentials" }
  | { reason: "private"; host: string }
  | { reason: "redirects"; max: number };

export class OutboundRefusedError extends Error {
  override name = "OutboundRefusedError";
  readonly code = "EOUTBOUNDREFUSED";
  readonly refusal: OutboundRefusal;
  constructor(refusal: OutboundRefusal) {
    super(
      refusal.reason === "private"
        ? `${refusal.host} is a private or local address, not a public one`
        : refusal.reason === "scheme"
          ? `${refusal.protocol} addresses are not fetched`
          : refusal.reason === "credentials"
            ? "the address carries a user name or password"
            : refusal.reason === "redirects"
              ? `too many redirects (more than ${refusal.max})`
              : "not a web address",
    );
    this.refusal = refusal;
  }
}

function isTrusted(address: string, policy: OutboundPolicy): boolean {
  return policy.allowPrivate === true || isPublicAddress(address) || (policy.trustedAddresses?.includes(address) ?? false);
}

/**
 * The URL, or why it is refused: a scheme other than `protocols`, a user name or password, an IP
 * literal (decimal, octal, hex and short IPv4 forms are normalised by the URL parser) that is not
 * public, or a local or single-label name. A trailing dot is ignored: `localhost.` is `localhost`.
 */
export function checkOutboundUrl(
  address: string | URL,
  { protocols = ["http:", "https:"], base, ...policy }: OutboundPolicy & { protocols?: readonly string[]; base?: URL } = {},
): { ok: true; url: URL } | { ok: false; refusal: OutboundRefusal } {
  let url: URL;
  try {
    url = new URL(address, base);
  } catch {
    return { ok: false, refusal: { reason: "invalid" } };
  }
  if (!protocols.includes(url.protocol)) return { ok: false, refusal: { reason: "scheme", protocol: url.protocol.replace(/:$/, "") } };
  if (url.username || url.password) return { ok: false, refusal: { reason: "credentials" } };
  const host = url.hostname.replace(/^\[|\]$/g, "").replace(/\.+$/, "");
  if (policy.allowPrivate) return { ok: true, url };
  const refused = isIP(host) ? !isTrusted(host, policy) : !host.includes(".") || localNames.test(host);
  return refused ? { ok: false, refusal: { reason: "private", host } } : { ok: true, url };
}

/**
 * A `lookup` for an agent: resolves, then refuses the connection unless every address the name
 * has is allowed. Refusing the whole name (not only its private answers) keeps a name that mixes
 * public and private answers from reaching the private one on a retry.
 */
function guardedLookup(policy: OutboundPolicy = {}): LookupFunction {
  const resolve: Resolver = policy.resolve ?? ((hostname) => dnsLookup(hostname, { all: true }));
  return (hostname, options, callback) => {
    const done = callback as (error: Error | null, address?: string | ResolvedAddress[], family?: number) => void;
    resolve(hostname).then(
      (found) => {
        const wanted = options.family === 4 || options.family === 6 ? found.filter((entry) => entry.family === options.family) : found;
        const refused = wanted.find((entry) => !isTrusted(entry.address, policy));
        if (refused) return done(new OutboundRefusedError({ reason: "private", host: `${hostname} (${refused.address})` }));
        if (wanted.length === 0) return done(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }));
        if (options.all) return done(null, wanted);
        done(null, wanted[0]!.address, wanted[0]!.family);
      },
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  };
}

type CreateConnection = (options: ClientRequestArgs, callback?: (err: Error | null, stream: Duplex) => void) => Duplex | null | undefined;

/** Refuses an IP literal that is not allowed before a socket exists; names go through `lookup`. */
function guardLiterals(original: CreateConnection, policy: OutboundPolicy): CreateConnection {
  return function (this: HttpAgent, options, callback) {
    const host = String(options.host ?? options.hostname ?? "").replace(/^\[|\]$/g, "");
    if (isIP(host) && !isTrusted(host, policy)) {
      const error = new OutboundRefusedError({ reason: "private", host });
      process.nextTick(() => (callback as (err: Error) => void)?.(error));
      return undefined;
    }
    return original.call(this, options, callback);
  };
}

/** An https agent (web-push takes one) that connects only where the policy allows. */
export function createGuardedHttpsAgent(policy: OutboundPolicy = {}, options: AgentOptions = {}): HttpsAgent {
  const agent = new HttpsAgent({ keepAlive: false, ...options, lookup: guardedLookup(policy) });
  agent.createConnection = guardLiterals(agent.createConnection.bind(agent) as CreateConnection, policy);
  return agent;
}

export function createGuardedHttpAgent(policy: OutboundPolicy = {}, options: AgentOptions = {}): HttpAgent {
  const agent = new HttpAgent({ keepAlive: false, ...options, lookup: guardedLookup(policy) });
  agent.createConnection = guardLiterals(agent.createConnection.bind(agent) as CreateConnection, policy);
  return agent;
}

export class OutboundTooLargeError extends Error {
  override name = "OutboundTooLargeError";
  readonly maxBytes: number;
  constructor(maxBytes: number) {
    super(`the answer is over ${maxBytes} bytes`);
    this.maxBytes = maxBytes;
  }
}

export interface SafeResponse {
  status: number;
  statusText: string;
  /** The address that answered, after redirects. */
  url: URL;
  headers: IncomingHttpHeaders;
  header(name: string): string | null;
  /** The body, refused past `maxBytes` (announced or while reading). */
  read(): Promise<Buffer>;
  discard(): void;
}

interface SafeGetOptions extends OutboundPolicy {
  method?: "GET" | "HEAD";
  headers?: Record<string, string>;
  /** Cuts off the whole exchange, redirects and body included. */
  signal?: AbortSignal;
  maxRedirects?: number;
  maxBytes?: number;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function once(
  url: URL,
  method: string,
  headers: Record<string, string>,
  signal: AbortSignal | undefined,
  policy: OutboundPolicy,
): Promise<IncomingMessage> {
  const secure = url.protocol === "https:";
  const agent = secure ? createGuardedHttpsAgent(policy) : createGuardedHttpAgent(policy);
  return new Promise((resolve, reject) => {
    const req = (secure ? httpsRequest : httpRequest)(url, { method, headers, agent, signal }, resolve);
    req.on("error", reject);
    req.end();
  });
}

/**
 * GET (or HEAD) an address a user or a file supplied: every hop's URL is checked, every
 * connection goes through the guarded agent, redirects are followed here up to `maxRedirects`.
 * Refusals throw OutboundRefusedError; network failures throw Node's own error (with its code).
 */
export async function safeGet(address: string | URL, options: SafeGetOptions = {}): Promise<SafeResponse> {
  const { method = "GET", headers = {}, signal, maxRedirects = 5, maxBytes = Number.POSITIVE_INFINITY, ...policy } = options;
  let checked = checkOutboundUrl(address, policy);
  for (let hop = 0; ; hop++) {
    if (!checked.ok) throw new OutboundRefusedError(checked.refusal);
    const url = checked.url;
    const response = await once(url, method, headers, signal, policy);
    const location = response.headers.location;
    if (REDIRECTS.has(response.statusCode ?? 0) && location) {
      response.resume();
      if (hop >= maxRedirects) throw new OutboundRefusedError({ reason: "redirects", max: maxRedirects });
      checked = checkOutboundUrl(location, { ...policy, base: url });
      continue;
    }
    const header = (name: string) => {
      const value = response.headers[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
    };
    return {
      status: response.statusCode ?? 0,
      statusText: response.statusMessage ?? "",
      url,
      headers: response.headers,
      header,
      discard: () => response.destroy(),
      async read() {
        const announced = Number(header("content-length"));
        if (Number.isFinite(announced) && announced > maxBytes) {
          response.destroy();
          throw new OutboundTooLargeError(maxBytes);
        }
        const chunks: Buffer[] = [];
        let total = 0;
        try {
          for await (const chunk of response as AsyncIterable<Buffer>) {
            total += chunk.length;
            if (total > maxBytes) {
              response.destroy();
              throw new OutboundTooLargeError(maxBytes);
            }
            chunks.push(chunk);
          }
        } catch (error) {
          // A cut-off body surfaces as a reset socket: say it was the deadline.
          throw signal?.aborted ? signal.reason : error;
        }
        return Buffer.concat(chunks);
      },
    };
  }
}
