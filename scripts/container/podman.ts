/**
 * Podman as these machines run it (docs/operating/container.md): the runc runtime, the cgroupfs
 * manager and no default ulimits (a containers.conf written here, named by CONTAINERS_CONF, unless
 * the environment already names one). With crun, or with the defaults, containers fail to start.
 * Used by the container test (tests/deploy/container.test.ts), the base image script and
 * `npm run bench:container`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { accessSync, constants, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export const RUNC = "/usr/sbin/runc";
const GLOBAL_FLAGS = ["--runtime", RUNC, "--cgroup-manager=cgroupfs"];

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

export class PodmanError extends Error {}

/** The first executable called `name` on PATH (or in the sbin folders root's PATH has), or null. */
export function which(name: string): string | null {
  const dirs = [...(process.env.PATH ?? "").split(path.delimiter), "/usr/local/sbin", "/usr/sbin", "/sbin"];
  for (const dir of dirs) {
    if (!dir) continue;
    const file = path.join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return null;
}

/** What this machine lacks to build and run the image with podman, each as a sentence; empty when nothing. */
export function missingForPodman({ base = true }: { base?: boolean } = {}): string[] {
  const missing: string[] = [];
  if (!which("podman")) missing.push("podman is not installed (apt-get install podman)");
  if (!which("runc")) missing.push("runc is not installed (apt-get install runc)");
  if (base && !which("debootstrap")) missing.push("debootstrap is not installed (apt-get install debootstrap)");
  if (process.getuid?.() !== 0) missing.push("podman runs here as root only (run as root)");
  return missing;
}

let containersConf: string | undefined;

/** The environment podman runs in: CONTAINERS_CONF names a file with `default_ulimits = []`. */
export function podmanEnv(): NodeJS.ProcessEnv {
  if (process.env.CONTAINERS_CONF) return process.env;
  if (!containersConf) {
    const dir = path.join(tmpdir(), "houston-site-podman");
    mkdirSync(dir, { recursive: true });
    containersConf = path.join(dir, "containers.conf");
    // crun's and the default ulimits fail here with "setrlimit RLIMIT_NOFILE".
    writeFileSync(containersConf, "[containers]\ndefault_ulimits = []\n");
  }
  return { ...process.env, CONTAINERS_CONF: containersConf };
}

/** The last lines of a command's output, for an error message. */
function tail(text: string, lines = 40): string {
  return text.trimEnd().split("\n").slice(-lines).join("\n");
}

/**
 * Runs `podman <args>` and resolves with its exit code and output, whatever the code.
 * `stdin`: a process whose stdout is piped in (an image's tar stream); `log`: each output chunk as it comes.
 */
export function podmanRun(args: string[], options: { stdin?: ChildProcess; log?: (chunk: string) => void } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn("podman", [...GLOBAL_FLAGS, ...args], {
      env: podmanEnv(),
      stdio: [options.stdin ? "pipe" : "ignore", "pipe", "pipe"],
    });
    if (options.stdin?.stdout && child.stdin) options.stdin.stdout.pipe(child.stdin);
    let stdout = "";
    let stderr = "";
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      options.log?.(chunk);
    });
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
      options.log?.(chunk);
    });
    child.once("error", reject);
    child.once("close", (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/** Runs `podman <args>`; resolves with its stdout trimmed, or throws with the end of its output. */
export async function podman(args: string[], options: Parameters<typeof podmanRun>[1] = {}): Promise<string> {
  const run = await podmanRun(args, options);
  if (run.code !== 0) {
    throw new PodmanError(`podman ${args.join(" ")} exited ${run.code}:\n${tail(`${run.stdout}\n${run.stderr}`)}`);
  }
  return run.stdout.trim();
}

export async function imageExists(image: string): Promise<boolean> {
  return (await podmanRun(["image", "exists", image])).code === 0;
}

/** The size of an image as podman counts it (all its layers, uncompressed), in bytes. */
export async function imageSize(image: string): Promise<number> {
  return Number(await podman(["image", "inspect", "--format", "{{.Size}}", image]));
}

const root = path.resolve(import.meta.dirname, "../..");

/**
 * Builds the site's image from the repository's Dockerfile on `base`. Docker's format, since the
 * OCI format has no HEALTHCHECK (podman would drop it); the host's network, so `npm ci` reaches the
 * registry as the machine does.
 */
export async function buildSiteImage({ tag, base, log }: { tag: string; base: string; log?: (chunk: string) => void }): Promise<void> {
  await podman(["build", "--format", "docker", "--network=host", "--build-arg", `BASE=${base}`, "-t", tag, root], { log });
}

export interface ContainerOptions {
  image: string;
  name: string;
  /** A named volume (created if missing) or a host folder mounted at /data. */
  volume: string;
  /** The host port published on 127.0.0.1 for the container's 3000. */
  port: number;
  env?: Record<string, string>;
}

/** Starts a container of the image in the background (`podman run -d`). */
export async function runContainer({ image, name, volume, port, env = {} }: ContainerOptions): Promise<void> {
  const envArgs = Object.entries(env).flatMap(([key, value]) => ["-e", `${key}=${value}`]);
  await podman(["run", "-d", "--name", name, "-p", `127.0.0.1:${port}:3000`, "-v", `${volume}:/data`, ...envArgs, image]);
}

/** Waits until GET /healthz on the published port answers 200; throws with the container's log if it does not. */
export async function waitForHealthz(name: string, port: number, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    const state = await podmanRun(["inspect", "--format", "{{.State.Status}}", name]);
    if (state.stdout.trim() === "exited") break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const logs = await podmanRun(["logs", name]);
  throw new PodmanError(`The container ${name} did not become healthy:\n${tail(`${logs.stdout}\n${logs.stderr}`)}`);
}

/** The container's memory use now, in bytes (its cgroup's usage, as `podman stats` reads it). */
export async function containerMemory(name: string): Promise<number> {
  const out = await podman(["stats", "--no-stream", "--no-reset", "--format", "json", name]);
  const [stats] = JSON.parse(out) as { mem_usage?: string }[];
  const used = /^([\d.]+)\s*([kMGT]?B)/i.exec(stats?.mem_usage ?? "");
  if (!used) throw new PodmanError(`podman stats gave no memory use for ${name}: ${out}`);
  const unit = { B: 1, KB: 1e3, MB: 1e6, GB: 1e9, TB: 1e12 }[used[2]!.toUpperCase()] ?? 1;
  return Math.round(Number(used[1]) * unit);
}

/** The resident memory of the container's PID 1 (the server), in bytes, read from the host's /proc. */
export async function serverRss(name: string): Promise<number> {
  const pid = await podman(["inspect", "--format", "{{.State.Pid}}", name]);
  const kib = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  if (!kib) throw new PodmanError(`No VmRSS for ${name}'s PID 1 (host pid ${pid}).`);
  return Number(kib) * 1024;
}

/** Removes a container, whatever state it is in; never throws. */
export async function removeContainer(name: string): Promise<void> {
  await podmanRun(["rm", "-f", "-t", "0", name]);
}

/** Removes a volume and what it holds; never throws. */
export async function removeVolume(volume: string): Promise<void> {
  await podmanRun(["volume", "rm", "-f", volume]);
}
