/**
 * TRUST_PROXY says how many proxies in front of the app may append to X-Forwarded-For (and set
 * X-Forwarded-Proto); Express then takes the client address that many hops from the right. That is
 * only true when nobody can reach the app's port without passing those proxies: a client talking to
 * it directly could send its own X-Forwarded-For and pick the address the rate limits count.
 */
import { BlockList, isIP } from "node:net";

const privateRanges = new BlockList();
for (const [network, prefix] of [
  ["127.0.0.0", 8],
  ["10.0.0.0", 8],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["169.254.0.0", 16],
  ["100.64.0.0", 10],
] as const) {
  privateRanges.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
] as const) {
  privateRanges.addSubnet(network, prefix, "ipv6");
}

/** Whether HOST is a loopback or private address (or `localhost`), which only the local network can reach. */
export function isLoopbackOrPrivate(host: string): boolean {
  const address = host.replace(/^\[|\]$/g, "");
  if (address.toLowerCase() === "localhost") return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return privateRanges.check(mapped, "ipv4");
  const family = isIP(address);
  if (family === 0) return false;
  return privateRanges.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** The start-up warning when TRUST_PROXY is set but the app listens where anyone may reach it; null when fine. */
export function trustProxyWarning({ trustProxy, host }: { trustProxy: number; host: string }): string | null {
  if (trustProxy <= 0 || isLoopbackOrPrivate(host)) return null;
  return (
    `TRUST_PROXY=${trustProxy} but HOST=${host} is not a loopback or private address: a client that reaches ` +
    `this port directly, not through the proxy, can send its own X-Forwarded-For and choose the address ` +
    `the rate limits count. Listen on 127.0.0.1 (or a private address only the proxy reaches), or firewall the port.`
  );
}
