import { get } from "node:http";
import { createServer, type AddressInfo, type Socket } from "node:net";
import { expect, test } from "vitest";
import {
  checkOutboundUrl,
  createGuardedHttpAgent,
  embeddedIPv4,
  isPublicAddress,
  parseIPv6,
  type Resolver,
} from "#app/server/net/outbound.server.ts";

test.each([
  // IPv4
  ["8.8.8.8", true],
  ["142.250.72.10", true],
  ["1.1.1.1", true],
  ["172.15.255.255", true],
  ["172.32.0.1", true],
  ["100.63.255.255", true],
  ["100.128.0.1", true],
  ["223.255.255.255", true],
  ["0.0.0.0", false],
  ["0.1.2.3", false],
  ["10.0.0.5", false],
  ["100.64.0.1", false],
  ["100.127.255.255", false],
  ["127.0.0.1", false],
  ["127.255.255.254", false],
  ["169.254.169.254", false],
  ["172.16.0.0", false],
  ["172.31.255.255", false],
  ["192.0.0.8", false],
  ["192.0.2.1", false],
  ["192.88.99.1", false],
  ["192.168.1.10", false],
  ["198.18.0.1", false],
  ["198.19.255.255", false],
  ["198.51.100.7", false],
  ["203.0.113.9", false],
  ["224.0.0.1", false],
  ["239.255.255.250", false],
  ["240.0.0.1", false],
  ["255.255.255.255", false],
  // IPv6 without an embedded IPv4
  ["2607:f8b0:4005:80a::200a", true],
  ["2a00:1450:4001:82b::200e", true],
  ["[2606:4700:4700::1111]", true],
  ["::", false],
  ["::1", false],
  ["[::1]", false],
  ["fc00::1", false],
  ["fd12:3456::1", false],
  ["fe80::1", false],
  ["fe80::1%eth0", false],
  ["fec0::1", false],
  ["ff02::1", false],
  ["100::1", false],
  ["2001:db8::1", false],
  ["2001:2::1", false],
  ["3fff::1", false],
  ["5f00::1", false],
  ["64:ff9b:1::7f00:1", false],
  ["64:ff9b:1::808:808", false],
  // IPv6 forms that embed an IPv4 address: judged by it
  ["::ffff:127.0.0.1", false],
  ["::ffff:7f00:1", false],
  ["::ffff:10.0.0.1", false],
  ["::ffff:8.8.8.8", true],
  ["::ffff:0:127.0.0.1", false],
  ["::ffff:0:808:808", true],
  ["::127.0.0.1", false],
  ["::7f00:1", false],
  ["::8.8.8.8", true],
  ["64:ff9b::127.0.0.1", false],
  ["64:ff9b::7f00:1", false],
  ["64:ff9b::a9fe:a9fe", false],
  ["64:ff9b::8.8.8.8", true],
  ["2002:7f00:1::", false],
  ["2002:c0a8:101::1", false],
  ["2002:808:808::1", true],
  // Teredo: server 65.54.227.120, client 127.0.0.1 (bits inverted: 80ff:fffe)
  ["2001:0:4136:e378:8000:63bf:80ff:fffe", false],
  // server 65.54.227.120, client 8.8.8.8 (f7f7:f7f7)
  ["2001:0:4136:e378:8000:63bf:f7f7:f7f7", true],
  // server 10.0.0.1 (a00:1), client 8.8.8.8
  ["2001:0:a00:1:8000:63bf:f7f7:f7f7", false],
  // not addresses at all
  ["localhost", false],
  ["not an ip", false],
  ["", false],
])("isPublicAddress(%s) is %s", (address, expected) => {
  expect(isPublicAddress(address)).toBe(expected);
});

test("IPv6 addresses are read in every notation", () => {
  expect(parseIPv6("::")).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  expect(parseIPv6("::1")).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
  expect(parseIPv6("1::")).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
  expect(parseIPv6("::ffff:127.0.0.1")).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
  expect(parseIPv6("64:ff9b::1.2.3.4")).toEqual([0x64, 0xff9b, 0, 0, 0, 0, 0x102, 0x304]);
  expect(parseIPv6("1:2:3:4:5:6:7:8")).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  expect(parseIPv6("127.0.0.1")).toBeNull();
  expect(embeddedIPv4("2001:0:4136:e378:8000:63bf:80ff:fffe")).toEqual(["65.54.227.120", "127.0.0.1"]);
  expect(embeddedIPv4("2002:c0a8:101::")).toEqual(["192.168.1.1"]);
  expect(embeddedIPv4("2607:f8b0::1")).toBeNull();
});

test.each([
  // IPv4 in the notations the URL parser turns into dotted decimal
  "http://127.0.0.1/x.jpg",
  "http://2130706433/x.jpg",
  "http://0177.0.0.1/x.jpg",
  "http://0x7f.0.0.1/x.jpg",
  "http://0x7f000001/x.jpg",
  "http://127.1/x.jpg",
  "http://127.0.1/x.jpg",
  "http://0/x.jpg",
  "http://127.0.0.1./x.jpg",
  "http://[::1]/x.jpg",
  "http://[0:0:0:0:0:0:0:1]/x.jpg",
  "http://[::ffff:127.0.0.1]/x.jpg",
  "http://[::ffff:7f00:1]/x.jpg",
  "http://[::127.0.0.1]/x.jpg",
  "http://[64:ff9b::127.0.0.1]/x.jpg",
  "http://[64:ff9b:1::7f00:1]/x.jpg",
  "http://[2002:7f00:1::]/x.jpg",
  "http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/x.jpg",
  "http://169.254.169.254/latest/meta-data",
  "http://[fe80::1]/x.jpg",
  "http://localhost/x.jpg",
  "http://localhost./x.jpg",
  "http://LOCALHOST../x.jpg",
  "http://photos.localhost/x.jpg",
  "http://printer.local./x.jpg",
  "http://metadata.google.internal/x.jpg",
  "http://intranet/x.jpg",
  "http://intranet./x.jpg",
])("checkOutboundUrl refuses %s as private or local", (address) => {
  const result = checkOutboundUrl(address);
  expect(result.ok).toBe(false);
  expect(!result.ok && result.refusal.reason).toBe("private");
  // The operator's flag lets it through (importing from their own network is legitimate).
  expect(checkOutboundUrl(address, { allowPrivate: true }).ok).toBe(true);
});

test("checkOutboundUrl: public addresses pass; schemes and credentials are refused whatever the flag", () => {
  expect(checkOutboundUrl("https://firebasestorage.googleapis.com/v0/b/x/o/y").ok).toBe(true);
  expect(checkOutboundUrl("https://firebasestorage.googleapis.com./v0/b/x/o/y").ok).toBe(true);
  expect(checkOutboundUrl("http://8.8.8.8/x").ok).toBe(true);
  expect(checkOutboundUrl("http://[2607:f8b0::1]/x").ok).toBe(true);
  expect(checkOutboundUrl("ftp://example.com/x", { allowPrivate: true })).toEqual({
    ok: false,
    refusal: { reason: "scheme", protocol: "ftp" },
  });
  expect(checkOutboundUrl("file:///etc/passwd", { allowPrivate: true })).toEqual({
    ok: false,
    refusal: { reason: "scheme", protocol: "file" },
  });
  expect(checkOutboundUrl("http://example.com/x", { protocols: ["https:"] })).toEqual({
    ok: false,
    refusal: { reason: "scheme", protocol: "http" },
  });
  expect(checkOutboundUrl("https://u:p@example.com/x", { allowPrivate: true })).toEqual({
    ok: false,
    refusal: { reason: "credentials" },
  });
  expect(checkOutboundUrl("kitchen.jpg")).toEqual({ ok: false, refusal: { reason: "invalid" } });
  // A redirect's Location is read against the address that sent it.
  expect(checkOutboundUrl("/images/a.jpg", { base: new URL("http://127.0.0.1:8080/x") })).toMatchObject({
    ok: false,
    refusal: { reason: "private" },
  });
});

/** A listener on loopback that counts the connections it receives. */
async function canary() {
  let connections = 0;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.end("HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    hits: () => connections,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

const toLoopback: Resolver = async () => [{ address: "127.0.0.1", family: 4 }];
const mixed: Resolver = async () => [
  { address: "8.8.8.8", family: 4 },
  { address: "127.0.0.1", family: 4 },
];

const attempt = (url: string, agent: ReturnType<typeof createGuardedHttpAgent>) =>
  new Promise<string>((resolve) => {
    const req = get(url, { agent }, (res) => {
      res.resume();
      resolve(`HTTP ${res.statusCode}`);
    });
    req.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });

test("the agent judges the address a name resolves to when it connects (a public-looking name pointed at loopback)", async () => {
  const target = await canary();
  try {
    expect(await attempt(`http://photos.example.com:${target.port}/`, createGuardedHttpAgent({ resolve: toLoopback }))).toBe(
      "EOUTBOUNDREFUSED",
    );
    // A name with one public and one loopback answer is refused as a whole.
    expect(await attempt(`http://photos.example.com:${target.port}/`, createGuardedHttpAgent({ resolve: mixed }))).toBe("EOUTBOUNDREFUSED");
    expect(target.hits()).toBe(0);
    // The same request with the operator's flag reaches it: the refusal above was the guard's.
    expect(
      await attempt(`http://photos.example.com:${target.port}/`, createGuardedHttpAgent({ resolve: toLoopback, allowPrivate: true })),
    ).toBe("HTTP 204");
    expect(target.hits()).toBe(1);
  } finally {
    await target.close();
  }
});

test("the agent refuses an IP literal, which Node connects to without a lookup", async () => {
  const target = await canary();
  try {
    for (const host of ["127.0.0.1", "[::ffff:127.0.0.1]", "[::ffff:7f00:1]"]) {
      expect(await attempt(`http://${host}:${target.port}/`, createGuardedHttpAgent()), host).toBe("EOUTBOUNDREFUSED");
    }
    expect(target.hits()).toBe(0);
  } finally {
    await target.close();
  }
});
