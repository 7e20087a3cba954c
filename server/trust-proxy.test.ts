import { describe, expect, it } from "vitest";
import { isLoopbackOrPrivate, trustProxyWarning } from "#server/trust-proxy.ts";

describe("isLoopbackOrPrivate", () => {
  it.each([
    "127.0.0.1",
    "127.8.9.10",
    "localhost",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.20",
    "::1",
    "[::1]",
    "fd12:3456::1",
    "fe80::1",
    "::ffff:192.168.0.4",
  ])("%s: yes", (host) => expect(isLoopbackOrPrivate(host)).toBe(true));
  it.each(["0.0.0.0", "::", "8.8.8.8", "172.32.0.1", "203.0.113.7", "2001:db8::1", "example.com", "::ffff:8.8.8.8"])("%s: no", (host) =>
    expect(isLoopbackOrPrivate(host)).toBe(false),
  );
});

describe("trustProxyWarning", () => {
  it("says nothing without TRUST_PROXY, or when only the local network can reach the port", () => {
    expect(trustProxyWarning({ trustProxy: 0, host: "0.0.0.0" })).toBeNull();
    expect(trustProxyWarning({ trustProxy: 1, host: "127.0.0.1" })).toBeNull();
    expect(trustProxyWarning({ trustProxy: 2, host: "10.0.0.5" })).toBeNull();
  });
  it("warns when TRUST_PROXY is set and HOST is every interface or a public address", () => {
    expect(trustProxyWarning({ trustProxy: 1, host: "0.0.0.0" })).toMatch(
      /^TRUST_PROXY=1 but HOST=0\.0\.0\.0 is not a loopback or private address/,
    );
    expect(trustProxyWarning({ trustProxy: 1, host: "203.0.113.7" })).toMatch(/X-Forwarded-For/);
  });
});
