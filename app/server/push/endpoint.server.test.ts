import { expect, test } from "vitest";
import { isPrivateAddress, pushEndpointProblem } from "./endpoint.server.ts";

const strict = { allowLocal: false };

test("the push services browsers use are accepted", () => {
  for (const endpoint of [
    "https://fcm.googleapis.com/fcm/send/abc:def",
    "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
    "https://web.push.apple.com/QGuQyavXutnMH",
    "https://wns2-par02p.notify.windows.com/w/?token=BQYAAA",
  ]) {
    expect(pushEndpointProblem(endpoint, strict), endpoint).toBeNull();
  }
});

test("only https is accepted, without credentials in the address", () => {
  expect(pushEndpointProblem("http://fcm.googleapis.com/fcm/send/x", strict)).toMatch(/must be an https address/);
  expect(pushEndpointProblem("ftp://fcm.googleapis.com/x", strict)).toMatch(/must be an https address/);
  expect(pushEndpointProblem("https://user:pw@fcm.googleapis.com/x", strict)).toMatch(/user name or password/);
  expect(pushEndpointProblem("not a url", strict)).toMatch(/not a web address/);
});

test("loopback, private, link-local and local names are refused: the server would send requests there", () => {
  for (const endpoint of [
    "https://127.0.0.1/push",
    "https://127.1.2.3:8443/push",
    "https://10.0.0.5/push",
    "https://172.20.1.1/push",
    "https://192.168.1.10/push",
    "https://169.254.169.254/latest/meta-data",
    "https://100.64.0.1/push",
    "https://0.0.0.0/push",
    "https://[::1]/push",
    "https://[fd00::1]/push",
    "https://[fe80::1]/push",
    "https://[::ffff:127.0.0.1]/push",
    "https://[::ffff:7f00:1]/push",
    "https://localhost/push",
    "https://push.localhost/push",
    "https://printer.local/push",
    "https://metadata.google.internal/push",
    "https://intranet/push",
  ]) {
    expect(pushEndpointProblem(endpoint, strict), endpoint).toMatch(/private or local address/);
  }
});

test("PUSH_ALLOW_LOCAL lets the tests' local push service through, still https only", () => {
  expect(pushEndpointProblem("https://127.0.0.1:9443/push/x", { allowLocal: true })).toBeNull();
  expect(pushEndpointProblem("http://127.0.0.1:9443/push/x", { allowLocal: true })).toMatch(/https/);
});

test("private address ranges", () => {
  expect(isPrivateAddress("8.8.8.8")).toBe(false);
  expect(isPrivateAddress("142.250.72.10")).toBe(false);
  expect(isPrivateAddress("2607:f8b0:4005:80a::200a")).toBe(false);
  expect(isPrivateAddress("172.15.255.255")).toBe(false);
  expect(isPrivateAddress("172.16.0.0")).toBe(true);
  expect(isPrivateAddress("::ffff:192.168.0.1")).toBe(true);
  expect(isPrivateAddress("not an ip")).toBe(false);
});

test("the push agent refuses a host name that resolves to a private address (DNS pointed inward)", async () => {
  const { get } = await import("node:https");
  const { createPushAgent } = await import("./endpoint.server.ts");
  const attempt = (allowLocal: boolean) =>
    new Promise<string>((resolve) => {
      // "localhost" resolves to loopback; port 1 has no server, so an allowed attempt is refused by the OS.
      const req = get("https://localhost:1/", { agent: createPushAgent({ allowLocal }) }, () => resolve("answered"));
      req.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });
  expect(await attempt(false)).toBe("EPUSHPRIVATE");
  expect(await attempt(true)).toBe("ECONNREFUSED");
});
