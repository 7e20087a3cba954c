/**
 * A push subscription's endpoint is a URL the browser hands us and the server later sends a
 * request to: an outgoing request target chosen by the client. Only https URLs on public hosts
 * are taken, so the endpoint cannot point the server at itself or at the private network (SSRF).
 * PUSH_ALLOW_LOCAL=1 lifts the host rule for the tests' local push service.
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { Agent } from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";

const privateRanges = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
] as const) {
  privateRanges.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  privateRanges.addSubnet(network, prefix, "ipv6");
}

/** Whether an IP address is loopback, private, link-local or otherwise not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, "");
  const family = isIP(ip);
  if (family === 4) return privateRanges.check(ip, "ipv4");
  if (family === 6) {
    // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
    if (mapped) return privateRanges.check(mapped[1]!, "ipv4");
    return privateRanges.check(ip, "ipv6");
  }
  return false;
}

const localNames = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i;

/**
 * Why this endpoint is refused, in a sentence for the admin, or null when it may be used.
 * `allowLocal` (PUSH_ALLOW_LOCAL) accepts loopback and private hosts, for tests only.
 */
export function pushEndpointProblem(endpoint: string, { allowLocal }: { allowLocal: boolean }): string | null {
  if (!URL.canParse(endpoint)) return "The push subscription's endpoint is not a web address.";
  const url = new URL(endpoint);
  if (url.protocol !== "https:") return "The push subscription's endpoint must be an https address.";
  if (url.username || url.password) return "The push subscription's endpoint must not carry a user name or password.";
  if (allowLocal) return null;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) ? isPrivateAddress(host) : localNames.test(host) || !host.includes(".")) {
    return "The push subscription's endpoint points at a private or local address; only a browser's push service is accepted.";
  }
  return null;
}

/**
 * An https agent that refuses to connect where a host name resolves to a private address (a
 * public name pointed at the private network). An IP literal never reaches the lookup: the
 * endpoint check above judges it.
 */
export function createPushAgent({ allowLocal }: { allowLocal: boolean }): Agent {
  const lookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 0);
      const usable = allowLocal ? addresses : addresses.filter((entry) => !isPrivateAddress(entry.address));
      if (usable.length === 0) {
        const refused = Object.assign(new Error(`${hostname} resolves to a private address; push refused`), {
          code: "EPUSHPRIVATE",
        });
        return callback(refused, "", 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
      const first = usable[0]!;
      callback(null, first.address, first.family);
    });
  };
  return new Agent({ keepAlive: false, lookup });
}
