/**
 * Starts the real built server (`node server/main.ts`) as a child process on
 * a free port with its own temporary DATA_DIR, waits for /healthz, and stops
 * it by pid. Also a small raw HTTP client, so tests see exactly the bytes and
 * headers the server sent (no automatic decompression, no connection pool).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { EnvSchema } from "#app/server/env.server.ts";

export const root = path.resolve(import.meta.dirname, "../..");
export const clientDir = path.join(root, "build/client");
const mainFile = path.join(root, "server/main.ts");

/** Fails fast with a clear message when the site has not been built. */
export function assertBuilt(): void {
  if (!existsSync(path.join(root, "build/server/index.js"))) {
    throw new Error("No build found: run `npm run build` before the integration tests.");
  }
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  pid: number;
  dataDir: string;
  child: ChildProcess;
  /** Everything the process wrote so far. */
  stdout(): string;
  stderr(): string;
  /** Resolves when the process has exited. */
  exited: Promise<Exit>;
  hasExited(): boolean;
  /** Sends `signal` (SIGTERM by default) to the pid and waits for the exit; SIGKILL after `timeoutMs`. */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<Exit>;
  /** Waits until stdout contains `text`. */
  waitForStdout(text: string, timeoutMs?: number): Promise<void>;
}

const running = new Set<ServerProcess>();

/**
 * The child's environment: this process's, minus every variable the server
 * reads (so a developer's shell cannot change what is tested), plus `env`.
 * NODE_ENV is left unset, as an operator's `npm start` leaves it: the host
 * must choose production itself before anything loads React.
 */
export function serverEnv(env: Record<string, string> = {}): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(EnvSchema.shape)) delete base[key];
  delete base.NODE_ENV;
  // Tests stop servers often: no second of grace on SIGTERM unless a test asks for it (the drill).
  return { ...base, SHUTDOWN_GRACE_SECONDS: "0", ...env };
}

/** Run the server as another user (uid/gid), with a Node binary that user can reach. */
export interface RunAs {
  uid: number;
  gid: number;
  execPath: string;
  /** The checkout as that user reaches it (a read-only bind mount of it), when not at its own path. */
  root?: string;
}

function spawnMain(env: NodeJS.ProcessEnv, cwd: string = root, runAs?: RunAs) {
  const child = spawn(runAs?.execPath ?? process.execPath, [runAs?.root ? path.join(runAs.root, "server/main.ts") : mainFile], {
    cwd: runAs?.root && cwd === root ? runAs.root : cwd,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    ...(runAs ? { uid: runAs.uid, gid: runAs.gid } : {}),
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exited = new Promise<Exit>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  return { child, exited, stdout: () => stdout, stderr: () => stderr };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `node server/main.ts` expecting it to exit on its own (e.g. bad configuration). */
export async function runMainUntilExit(
  env: Record<string, string>,
  timeoutMs = 30_000,
): Promise<Exit & { stdout: string; stderr: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "site-it-"));
  const proc = spawnMain(serverEnv({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, ...env }));
  const timer = setTimeout(() => proc.child.kill("SIGKILL"), timeoutMs);
  try {
    const exit = await proc.exited;
    return { ...exit, stdout: proc.stdout(), stderr: proc.stderr() };
  } finally {
    clearTimeout(timer);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

type Spawned = ReturnType<typeof spawnMain>;

/** The URL in the server's "listening" log line; throws if it exits or the deadline passes first. */
async function waitForListening(proc: Spawned, deadline: number, startTimeoutMs: number, removeDataDir: () => void): Promise<string> {
  let exitedEarly: Exit | undefined;
  void proc.exited.then((exit) => (exitedEarly = exit));
  for (;;) {
    if (exitedEarly) {
      removeDataDir();
      throw new Error(`server exited during start-up (${exitedEarly.code ?? exitedEarly.signal})\n${proc.stdout()}\n${proc.stderr()}`);
    }
    if (Date.now() > deadline) {
      proc.child.kill("SIGKILL");
      removeDataDir();
      throw new Error(`server did not log "listening" within ${startTimeoutMs} ms\n${proc.stdout()}\n${proc.stderr()}`);
    }
    let url: string | undefined;
    for (const line of proc.stdout().split("\n")) {
      if (!line.includes('"listening"')) continue;
      const entry = JSON.parse(line) as { msg?: string; url?: string };
      if (entry.msg === "listening" && entry.url) url = entry.url;
    }
    if (url) return url;
    await sleep(25);
  }
}

/** Listening is not the same as healthy: waits until /healthz answers 200. */
async function waitForHealthy(proc: Spawned, url: string, deadline: number): Promise<void> {
  for (;;) {
    try {
      const res = await get(`${url}/healthz`);
      if (res.status === 200) return;
    } catch {
      // not answering yet
    }
    if (Date.now() > deadline) {
      proc.child.kill("SIGKILL");
      throw new Error(`server at ${url} never answered /healthz with 200\n${proc.stdout()}\n${proc.stderr()}`);
    }
    await sleep(50);
  }
}

/**
 * Starts the server on a free port (PORT=0; the port is read from the
 * "listening" log line) and resolves once /healthz answers 200.
 */
export async function startServer(
  options: {
    env?: Record<string, string>;
    startTimeoutMs?: number;
    /**
     * Use this DATA_DIR instead of a new temporary one (e.g. to start a second server on the
     * data a killed one left). The caller owns it: it is not removed when the server exits.
     */
    dataDir?: string;
    /** The working directory (where a `.env` is read from); the checkout by default. */
    cwd?: string;
    runAs?: RunAs;
  } = {},
): Promise<ServerProcess> {
  assertBuilt();
  const startTimeoutMs = options.startTimeoutMs ?? 30_000;
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "site-it-"));
  const removeDataDir = () => {
    if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const proc = spawnMain(serverEnv({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, ...options.env }), options.cwd, options.runAs);
  const deadline = Date.now() + startTimeoutMs;
  const url = await waitForListening(proc, deadline, startTimeoutMs, removeDataDir);
  const port = Number(new URL(url).port);
  await waitForHealthy(proc, url, deadline);

  const pid = proc.child.pid;
  if (pid === undefined) throw new Error("child process has no pid");
  let exited = false;
  void proc.exited.then(() => (exited = true));

  const server: ServerProcess = {
    url,
    port,
    pid,
    dataDir,
    child: proc.child,
    stdout: proc.stdout,
    stderr: proc.stderr,
    exited: proc.exited.then((exit) => {
      running.delete(server);
      removeDataDir();
      return exit;
    }),
    hasExited: () => exited,
    async stop(signal = "SIGTERM", timeoutMs = 15_000) {
      if (!exited) {
        try {
          process.kill(pid, signal);
        } catch {
          // already gone
        }
      }
      const timer = setTimeout(() => {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // already gone
        }
      }, timeoutMs);
      try {
        return await server.exited;
      } finally {
        clearTimeout(timer);
      }
    },
    async waitForStdout(text, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (!proc.stdout().includes(text)) {
        if (Date.now() > until) throw new Error(`stdout never contained ${JSON.stringify(text)}:\n${proc.stdout()}`);
        await sleep(20);
      }
    },
  };
  running.add(server);
  return server;
}

/** Stops every server this worker started and has not stopped yet (for afterAll). */
export async function stopAllServers(): Promise<void> {
  await Promise.all([...running].map((server) => server.stop("SIGTERM", 5_000)));
}

export interface HttpResult {
  status: number;
  headers: IncomingHttpHeaders;
  /** The raw body bytes as received (still compressed if the server compressed them). */
  body: Buffer;
  text: string;
}

/**
 * One request on a fresh connection. The path is sent exactly as given, so
 * malformed URLs reach the server untouched.
 */
export function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer; timeoutMs?: number } = {},
): Promise<HttpResult> {
  const target = new URL(url);
  const rawPath = url.slice(target.origin.length) || "/";
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: rawPath,
        method: options.method ?? "GET",
        headers: { connection: "close", ...options.headers },
        agent: false,
        timeout: options.timeoutMs ?? 10_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString("utf8") });
        });
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`request to ${url} timed out`)));
    req.on("error", reject);
    req.end(options.body);
  });
}

export const get = (url: string, headers: Record<string, string> = {}) => request(url, { headers });

/** A raw TCP connection to the server, collecting everything it sends. */
export function connect(port: number): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("error", reject);
    socket.once("connect", () => {
      socket.off("error", reject);
      resolve(new RawConnection(socket));
    });
  });
}

export class RawConnection {
  received = "";
  closed = false;
  readonly closedPromise: Promise<void>;
  readonly socket: net.Socket;
  constructor(socket: net.Socket) {
    this.socket = socket;
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => (this.received += chunk));
    socket.on("error", () => {});
    this.closedPromise = new Promise((resolve) =>
      socket.once("close", () => {
        this.closed = true;
        resolve();
      }),
    );
  }

  write(text: string): Promise<void> {
    return new Promise((resolve, reject) => this.socket.write(text, (error) => (error ? reject(error) : resolve())));
  }

  /** Waits until the data received contains `text`. */
  async waitFor(text: string, timeoutMs = 10_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!this.received.includes(text)) {
      if (this.closed) throw new Error(`connection closed before ${JSON.stringify(text)}; got:\n${this.received}`);
      if (Date.now() > until) throw new Error(`timed out waiting for ${JSON.stringify(text)}; got:\n${this.received}`);
      await sleep(10);
    }
  }

  /** The first response received, parsed (the body is left as received: chunked framing and all). */
  firstResponse(): HttpResult {
    const end = this.received.indexOf("\r\n\r\n");
    if (end < 0) throw new Error(`no complete response head yet; got:\n${this.received}`);
    const [statusLine = "", ...headerLines] = this.received.slice(0, end).split("\r\n");
    const headers: IncomingHttpHeaders = {};
    for (const line of headerLines) {
      const colon = line.indexOf(":");
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const body = Buffer.from(this.received.slice(end + 4), "latin1");
    return { status: Number(statusLine.split(" ")[1]), headers, body, text: body.toString("utf8") };
  }

  /** Status codes of every response head received so far. */
  statuses(): number[] {
    return [...this.received.matchAll(/^HTTP\/1\.1 (\d{3}) /gm)].map((m) => Number(m[1]));
  }

  destroy(): void {
    this.socket.destroy();
  }
}

/**
 * A page without the small inline script every page carries to note where the visit came from
 * (app/browser/attribution.ts), so a test can say the page has no other script.
 */
export function withoutVisitNote(html: string): string {
  return html.replace(/<script\b[^>]*>\(function recordVisit[\s\S]*?<\/script>/, "");
}
