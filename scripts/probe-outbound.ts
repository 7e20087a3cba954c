/**
 * How many connections reach a canary on 127.0.0.1 and ::1 when a push endpoint or a Firebase
 * export's address points there, per form (ADR 046). Written to run unchanged on the code before
 * and after the outbound guard, to give the ADR its before/after figures:
 *   node scripts/probe-outbound.ts
 * Push: the endpoint check, then one send through web-push and the push agent (a stored
 * endpoint is sent to whatever the check says today). Import: the CLI in a child process, with a
 * preload that makes photos.example.com resolve to 127.0.0.1 (the probe's stand-in for DNS
 * pointed inward). Loopback only; nothing leaves the machine.
 */
import { execFile } from "node:child_process";
import { createECDH, randomBytes } from "node:crypto";
import dns from "node:dns";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { syncBuiltinESMExports } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import webpush from "web-push";
import { createPushAgent, pushEndpointProblem } from "#app/server/push/endpoint.server.ts";

const root = path.resolve(import.meta.dirname, "..");
const INWARD = "photos.example.com";
const fakeDns = `
import dns from "node:dns";
import { syncBuiltinESMExports } from "node:module";
const real = dns.lookup;
dns.lookup = (host, options, callback) => {
  if (typeof options === "function") { callback = options; options = {}; }
  if (host === "${INWARD}") return options.all ? callback(null, [{ address: "127.0.0.1", family: 4 }]) : callback(null, "127.0.0.1", 4);
  return real(host, options, callback);
};
const realPromise = dns.promises.lookup;
dns.promises.lookup = async (host, options = {}) => {
  if (host !== "${INWARD}") return realPromise(host, options);
  return options.all ? [{ address: "127.0.0.1", family: 4 }] : { address: "127.0.0.1", family: 4 };
};
syncBuiltinESMExports();
`;
// The same for the push half, in this process.
await import(`data:text/javascript,${encodeURIComponent(fakeDns)}`);
syncBuiltinESMExports();
void dns;

let hits = 0;
const listen = (host: string, port: number) =>
  new Promise<net.Server>((resolve, reject) => {
    const server = net.createServer((socket) => {
      hits++;
      socket.on("error", () => {});
      socket.destroy();
    });
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
const v4 = await listen("127.0.0.1", 0);
const port = (v4.address() as net.AddressInfo).port;
const v6 = await listen("::1", port);
const redirector = createServer((_req, res) => res.writeHead(302, { Location: `http://127.0.0.1:${port}/x.jpg` }).end());
await new Promise<void>((resolve) => redirector.listen(0, "127.0.0.2", resolve));
const redirectorPort = (redirector.address() as net.AddressInfo).port;

const forms: [string, string][] = [
  ["127.0.0.1", "127.0.0.1"],
  ["[::1]", "[::1]"],
  ["localhost", "localhost"],
  ["localhost.", "localhost."],
  ["decimal 2130706433", "2130706433"],
  ["octal 0177.0.0.1", "0177.0.0.1"],
  ["hex 0x7f000001", "0x7f000001"],
  ["short 127.1", "127.1"],
  ["127.0.0.1.", "127.0.0.1."],
  ["mapped ::ffff:127.0.0.1", "[::ffff:127.0.0.1]"],
  ["compatible ::127.0.0.1", "[::127.0.0.1]"],
  ["NAT64 64:ff9b::127.0.0.1", "[64:ff9b::127.0.0.1]"],
  ["local NAT64 64:ff9b:1::7f00:1", "[64:ff9b:1::7f00:1]"],
  ["6to4 2002:7f00:1::", "[2002:7f00:1::]"],
  ["Teredo (client 127.0.0.1)", "[2001:0:4136:e378:8000:63bf:80ff:fffe]"],
  [`${INWARD} -> 127.0.0.1`, INWARD],
];
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

const vapid = webpush.generateVAPIDKeys();
const ecdh = createECDH("prime256v1");
ecdh.generateKeys();
const keys = { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") };
console.log("Push: canary connections | the subscription check | one send through the push agent");
let pushTotal = 0;
for (const [name, host] of forms) {
  const endpoint = `https://${host}:${port}/push/x`;
  const before = hits;
  const problem = pushEndpointProblem(endpoint, { allowLocal: false });
  let sent: string;
  try {
    await webpush.sendNotification({ endpoint, keys }, "x", {
      vapidDetails: { subject: "mailto:probe@example.com", ...vapid },
      timeout: 2000,
      agent: createPushAgent({ allowLocal: false }),
    });
    sent = "sent";
  } catch (error) {
    sent = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  }
  await settle();
  pushTotal += hits - before;
  console.log(`  ${name.padEnd(34)} ${String(hits - before).padStart(2)} | ${problem ? "refused" : "ACCEPTED"} | ${sent}`);
}

const dir = mkdtempSync(path.join(os.tmpdir(), "probe-outbound-"));
const preload = path.join(dir, "dns.mjs");
writeFileSync(preload, fakeDns);
console.log("Import (cli import-firebase): canary connections | its line");
let importTotal = 0;
for (const [name, host] of [...forms, ["public URL redirecting to 127.0.0.1", `127.0.0.2:${redirectorPort}`] as [string, string]]) {
  const file = path.join(dir, "export.json");
  const address = host.includes(":") && !host.startsWith("[") ? `http://${host}/x.jpg` : `http://${host}:${port}/x.jpg`;
  writeFileSync(file, JSON.stringify([{ id: "doc", imageFile: address }]));
  const before = hits;
  const stdout = await new Promise<string>((resolve) =>
    execFile(
      process.execPath,
      ["--no-warnings", "--import", preload, path.join(root, "server/cli.ts"), "import-firebase", "--export", file],
      {
        cwd: root,
        env: { PATH: process.env.PATH, DATA_DIR: path.join(dir, "data"), LOG_LEVEL: "silent" },
        timeout: 30_000,
      },
      (_error, out) => resolve(String(out)),
    ),
  );
  await settle();
  importTotal += hits - before;
  console.log(
    `  ${name.padEnd(34)} ${String(hits - before).padStart(2)} | ${stdout.split("\n").find((line) => line.includes(" doc:")) ?? "(no line)"}`,
  );
}
console.log(`Canary connections: push ${pushTotal}, import ${importTotal}.`);
rmSync(dir, { recursive: true, force: true });
for (const server of [v4, v6, redirector]) server.close();
