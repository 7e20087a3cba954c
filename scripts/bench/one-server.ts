/**
 * From a fresh clone to the first page over https, as docs/operating/one-server.md does it on
 * one machine: `git clone` of this checkout's commit into a temporary folder, `npm ci`, then
 * `npm start` (build, migrate, serve) with Caddy on deploy/caddy/Caddyfile in front, getting its
 * certificate meanwhile from pebble (a local ACME server standing in for Let's Encrypt). Prints
 * the seconds of each step and the total until the first 200 over https; bench/one-server.md
 * keeps the figure. Everything it starts is stopped, and the folder removed, at the end.
 *
 *   node scripts/bench/one-server.ts
 *
 * Needs git, caddy, pebble and openssl, and npm's registry (or its cache) for `npm ci`. Only
 * committed work is cloned.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { findOpenssl, httpsClient, makeCertificate } from "#tests/support/drill-proxy.ts";
import { findCaddy, findPebble, renderCaddyfile, startCaddy, startPebble, type Daemon } from "#tests/support/caddy-acme.ts";
import { root, serverEnv } from "#tests/support/server.ts";

const PORTS = { acme: 5110, management: 5111, http: 5181, https: 5144 };
const APP_PORT = 5131;
const DOMAIN = "site.test";
const PUBLIC_URL = `https://www.${DOMAIN}:${PORTS.https}`;

const caddyBinary = findCaddy();
const pebbleBinary = findPebble();
const openssl = findOpenssl();
if (!caddyBinary || !pebbleBinary || !openssl) {
  console.error("Needs caddy, pebble and openssl (apt-get install caddy pebble openssl).");
  process.exit(1);
}

const seconds = (from: number, to: number) => ((to - from) / 1000).toFixed(1);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function step(title: string, command: string, args: string[], cwd: string): void {
  process.stderr.write(`${title}: ${command} ${args.join(" ")}\n`);
  execFileSync(command, args, { cwd, stdio: ["ignore", "ignore", "inherit"] });
}

const work = mkdtempSync(path.join(tmpdir(), "one-server-bench-"));
const clone = path.join(work, "site");
let pebble: Daemon | undefined;
let caddy: Daemon | undefined;
let site: ReturnType<typeof spawn> | undefined;
let siteOutput = "";

async function main(): Promise<void> {
  const commit = execFileSync("git", ["rev-parse", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
  const t0 = performance.now();
  step("clone", "git", ["clone", "--quiet", "--no-checkout", root, clone], work);
  step("checkout", "git", ["checkout", "--quiet", commit], clone);
  const cloned = performance.now();
  step("install", "npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], clone);
  const installed = performance.now();

  // The site as the unit runs it (one-server.env.example's TRUST_PROXY, the unit's HOST), with
  // Caddy and the ACME server started beside it, as an operator starts both services.
  const dataDir = path.join(work, "data");
  mkdirSync(dataDir);
  site = spawn("npm", ["start"], {
    cwd: clone,
    env: serverEnv({ PORT: String(APP_PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, PUBLIC_URL, TRUST_PROXY: "1" }),
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  site.stdout?.setEncoding("utf8").on("data", (chunk: string) => (siteOutput += chunk));
  site.stderr?.setEncoding("utf8").on("data", (chunk: string) => (siteOutput += chunk));
  const listener = makeCertificate(openssl!, work);
  const acme = await startPebble(pebbleBinary!, path.join(work, "pebble"), PORTS, listener);
  pebble = acme;
  const caddyfile = renderCaddyfile({
    domain: DOMAIN,
    appPort: APP_PORT,
    ports: PORTS,
    acme: { directory: acme.directory, listenerCertFile: listener.certFile },
    dataDir: path.join(work, "caddy", "storage"),
  });
  caddy = await startCaddy(caddyBinary!, path.join(work, "caddy"), caddyfile, async () => true);

  // The home page over https, trusting only the ACME server's root, as a visitor's browser would.
  const visitor = httpsClient(PORTS.https, acme.root, `www.${DOMAIN}`);
  const deadline = performance.now() + 600_000;
  let certified: number | undefined;
  for (;;) {
    const page = await visitor.send("GET", "/", { timeoutMs: 5_000 }).catch(() => null);
    if (!certified && caddy.output().includes("certificate obtained successfully")) certified = performance.now();
    if (page?.status === 200) break;
    if (performance.now() > deadline) throw new Error(`no 200 over https within 10 minutes\n${siteOutput}\n${caddy.output()}`);
    await sleep(100);
  }
  const served = performance.now();
  console.log(
    [
      `commit ${commit.slice(0, 12)}`,
      `git clone:                      ${seconds(t0, cloned)} s`,
      `npm ci:                         ${seconds(cloned, installed)} s`,
      `npm start to the first https 200: ${seconds(installed, served)} s (certificate after ${certified ? seconds(installed, certified) : "?"} s)`,
      `fresh clone to the first https 200: ${seconds(t0, served)} s`,
    ].join("\n"),
  );
}

async function stopAll(): Promise<void> {
  if (site?.pid && site.exitCode === null) {
    const exited = new Promise((resolve) => site!.once("exit", resolve));
    process.kill(-site.pid, "SIGTERM"); // npm and the server it started: the group this script made
    await exited;
  }
  await caddy?.stop();
  await pebble?.stop();
  rmSync(work, { recursive: true, force: true });
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await stopAll();
}
