import { expect, test } from "vitest";
import { pushEndpointProblem } from "#app/server/push/endpoint.server.ts";

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
    // Forms that embed IPv4 and trailing dots, let through before ADR 046.
    "https://[::127.0.0.1]/push",
    "https://[64:ff9b::127.0.0.1]/push",
    "https://[64:ff9b::a9fe:a9fe]/push",
    "https://[64:ff9b:1::7f00:1]/push",
    "https://[2002:7f00:1::]/push",
    "https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/push",
    "https://localhost./push",
    "https://printer.local./push",
    "https://intranet./push",
  ]) {
    expect(pushEndpointProblem(endpoint, strict), endpoint).toMatch(/private or local address/);
  }
});

test("PUSH_ALLOW_LOCAL lets the tests' local push service through, still https only", () => {
  expect(pushEndpointProblem("https://127.0.0.1:9443/push/x", { allowLocal: true })).toBeNull();
  expect(pushEndpointProblem("http://127.0.0.1:9443/push/x", { allowLocal: true })).toMatch(/https/);
});

test("the push agent refuses a host name that resolves to a private address (DNS pointed inward)", async () => {
  const { get } = await import("node:https");
  const { createPushAgent } = await import("#app/server/push/endpoint.server.ts");
  const attempt = (allowLocal: boolean, host = "localhost") =>
    new Promise<string>((resolve) => {
      // "localhost" resolves to loopback; port 1 has no server, so an allowed attempt is refused by the OS.
      const req = get(`https://${host}:1/`, { agent: createPushAgent({ allowLocal }) }, () => resolve("answered"));
      req.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });
  expect(await attempt(false)).toBe("EOUTBOUNDREFUSED");
  expect(await attempt(true)).toBe("ECONNREFUSED");
  // An IP literal is connected to without a lookup: the agent judges it too.
  expect(await attempt(false, "127.0.0.1")).toBe("EOUTBOUNDREFUSED");
  expect(await attempt(false, "[::ffff:7f00:1]")).toBe("EOUTBOUNDREFUSED");
  expect(await attempt(true, "127.0.0.1")).toBe("ECONNREFUSED");
});
