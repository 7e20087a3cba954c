/**
 * One server with automatic HTTPS, for tests: Debian's pebble (a small ACME server made for
 * tests, standing in for Let's Encrypt) and Debian's Caddy running deploy/caddy/Caddyfile, with
 * only the test's names and ports and the ACME server put in. Each runs in the foreground with
 * its own folders under the test's work folder and is stopped by its pid.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import https from "node:https";
import path from "node:path";
import { renderTemplate } from "#tests/support/drill-proxy.ts";
import { root } from "#tests/support/server.ts";

export const CADDYFILE = path.join(root, "deploy/caddy/Caddyfile");

export function findCaddy(): string | undefined {
  return ["/usr/bin/caddy", "/usr/local/bin/caddy"].find((file) => existsSync(file));
}

export function findPebble(): string | undefined {
  return ["/usr/bin/pebble", "/usr/local/bin/pebble"].find((file) => existsSync(file));
}

export interface Daemon {
  pid: number;
  output(): string;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts `binary` in the foreground and waits until `ready()` says yes (or it exits: an error with its output). */
async function startDaemon(
  name: string,
  binary: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: () => Promise<boolean>,
  timeoutMs: number,
): Promise<Daemon> {
  const child: ChildProcess = spawn(binary, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  let hasExited = false;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  void exited.then(() => (hasExited = true));
  const pid = child.pid!;
  const daemon: Daemon = {
    pid,
    output: () => output,
    async stop() {
      if (hasExited) return;
      process.kill(pid, "SIGTERM");
      const timer = setTimeout(() => !hasExited && process.kill(pid, "SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
  const deadline = Date.now() + timeoutMs;
  while (!(await ready())) {
    if (hasExited || Date.now() > deadline) {
      await daemon.stop();
      throw new Error(`${name} did not start within ${timeoutMs} ms:\n${output}`);
    }
    await sleep(100);
  }
  return daemon;
}

/** GET over https trusting only `ca`; null when nothing answers yet. */
export function httpsGet(url: string, ca: string): Promise<{ status: number; text: string } | null> {
  return new Promise((resolve) => {
    const req = https.get(url, { ca, agent: false, timeout: 5_000 }, (res) => {
      let text = "";
      res.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      res.on("error", () => resolve(null));
    });
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(null));
  });
}

export interface AcmePorts {
  /** pebble's ACME directory and its management API (where the issuing root is). */
  acme: number;
  management: number;
  /** Caddy's http and https ports (443 and 80 in production). */
  http: number;
  https: number;
}

export interface Pebble extends Daemon {
  directory: string;
  /** The root that signs the certificates pebble issues (it makes a new one at every start). */
  root: string;
}

/**
 * pebble with its own listener certificate (`listener`: for localhost and 127.0.0.1), agreeing
 * to every challenge (PEBBLE_VA_ALWAYS_VALID: nothing outside reaches the test's names).
 */
export async function startPebble(
  pebble: string,
  dir: string,
  ports: AcmePorts,
  listener: { certFile: string; keyFile: string; cert: string },
): Promise<Pebble> {
  mkdirSync(dir, { recursive: true });
  const config = path.join(dir, "pebble-config.json");
  writeFileSync(
    config,
    JSON.stringify({
      pebble: {
        listenAddress: `127.0.0.1:${ports.acme}`,
        managementListenAddress: `127.0.0.1:${ports.management}`,
        certificate: listener.certFile,
        privateKey: listener.keyFile,
        httpPort: ports.http,
        tlsPort: ports.https,
        ocspResponderURL: "",
        externalAccountBindingRequired: false,
      },
    }),
  );
  const directory = `https://127.0.0.1:${ports.acme}/dir`;
  const env = { ...process.env, PEBBLE_VA_ALWAYS_VALID: "1", PEBBLE_VA_NOSLEEP: "1" };
  const daemon = await startDaemon(
    "pebble",
    pebble,
    ["-config", config],
    env,
    async () => (await httpsGet(directory, listener.cert))?.status === 200,
    15_000,
  );
  const rootPem = await httpsGet(`https://127.0.0.1:${ports.management}/roots/0`, listener.cert);
  if (rootPem?.status !== 200 || !rootPem.text.includes("BEGIN CERTIFICATE")) {
    await daemon.stop();
    throw new Error(`pebble's management API gave no root: ${rootPem?.status}\n${daemon.output()}`);
  }
  return { ...daemon, directory, root: rootPem.text };
}

/**
 * deploy/caddy/Caddyfile with the test's domain for example.com, the app's port for 3000, and
 * global options for everything else: the local ACME server (and its listener certificate, for
 * talking to it), the ports, storage in `dataDir`, no admin API. The site blocks stay as written.
 */
export function renderCaddyfile(options: {
  domain: string;
  appPort: number;
  ports: AcmePorts;
  acme: { directory: string; listenerCertFile: string };
  dataDir: string;
}): string {
  const globals = [
    `acme_ca ${options.acme.directory}`,
    `acme_ca_root ${options.acme.listenerCertFile}`,
    `http_port ${options.ports.http}`,
    `https_port ${options.ports.https}`,
    "default_bind 127.0.0.1",
    `storage file_system ${options.dataDir}`,
    "admin off",
  ];
  const template = readFileSync(CADDYFILE, "utf8");
  const inSiteBlocks = template.replace(/#.*$/gm, "").split("example.com").length - 1;
  const rendered = renderTemplate(template, [
    { from: "{\n\temail ", to: `{\n${globals.map((line) => `\t${line}\n`).join("")}\temail ` },
    { from: "reverse_proxy 127.0.0.1:3000", to: `reverse_proxy 127.0.0.1:${options.appPort}` },
    // Every example.com, comments included (renderTemplate counts them all).
    { from: "example.com", to: options.domain, count: template.split("example.com").length - 1 },
  ]);
  if (inSiteBlocks < 3) throw new Error("deploy/caddy/Caddyfile: expected the site's name in its site blocks and redirect");
  return rendered;
}

/** Caddy in the foreground on the rendered Caddyfile, its own HOME and config folder; ready once `ready()` says so. */
export async function startCaddy(caddy: string, dir: string, caddyfile: string, ready: () => Promise<boolean>): Promise<Daemon> {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "Caddyfile");
  writeFileSync(file, caddyfile);
  const env = { ...process.env, HOME: dir, XDG_DATA_HOME: path.join(dir, "data"), XDG_CONFIG_HOME: path.join(dir, "config") };
  return startDaemon("caddy", caddy, ["run", "--config", file, "--adapter", "caddyfile"], env, ready, 60_000);
}
