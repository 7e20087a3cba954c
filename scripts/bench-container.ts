/**
 * `npm run bench:container`: the container image's figures (bench/container.md). Builds the image
 * from the Dockerfile with podman (on the base made from Debian packages, or BENCH_CONTAINER_BASE),
 * runs it on a fresh volume with nothing else configured, and reports the image's size, how long
 * it took to answer /healthz, its memory at idle and after 100 requests for public pages.
 * Memory twice: the container's cgroup as `podman stats` shows it, and the server's own resident
 * memory (PID 1's VmRSS). Skips, saying why, without podman, runc, debootstrap or root.
 * Asserts nothing; writes bench/results/container.json.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { serviceSlugs } from "#app/schemas/content.ts";
import { renderTable } from "#scripts/bench/format.ts";
import { BASE_IMAGE, ensureBaseImage } from "#scripts/container/base-image.ts";
import {
  buildSiteImage,
  containerMemory,
  imageSize,
  missingForPodman,
  podman,
  removeContainer,
  removeVolume,
  runContainer,
  serverRss,
  waitForHealthz,
} from "#scripts/container/podman.ts";

const IMAGE = "localhost/houston-site:bench";
const PORT = 5220;
const IDLE_SECONDS = 15;
const REQUESTS = 100;
const CONCURRENCY = 4;
const base = process.env.BENCH_CONTAINER_BASE;
const root = path.resolve(import.meta.dirname, "..");

const missing = missingForPodman({ base: !base });
if (missing.length > 0) {
  console.log(`Container bench SKIPPED: ${missing.join("; ")}`);
  process.exit(0);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
const progress = (line: string) => process.stderr.write(`${line}\n`);

/** The public pages a visitor opens, each rendered once and then served from the page cache. */
const PAGES = ["/", "/services", "/gallery", "/projects", "/contact", "/about", "/terms", "/privacy", ...serviceSlugs.map((s) => `/${s}`)];

async function hundredRequests(): Promise<{ ok: number; seconds: number }> {
  let next = 0;
  let ok = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        const page = PAGES[next++ % PAGES.length]!;
        const res = await fetch(`http://127.0.0.1:${PORT}${page}`, { headers: { "accept-encoding": "br, gzip" } });
        await res.arrayBuffer();
        if (res.status === 200) ok++;
      }
    }),
  );
  return { ok, seconds: (performance.now() - started) / 1000 };
}

const id = Date.now().toString(36);
const name = `houston-site-bench-${id}`;
const volume = `houston-site-bench-${id}`;
let failed = false;
try {
  if (!base) {
    progress("Base image (Debian packages, Node 24): built if missing...");
    await ensureBaseImage({ log: (chunk) => process.stderr.write(chunk) });
  }
  progress("Building the site's image...");
  const buildStarted = performance.now();
  await buildSiteImage({ tag: IMAGE, base: base ?? BASE_IMAGE });
  const buildSeconds = (performance.now() - buildStarted) / 1000;
  const size = await imageSize(IMAGE);

  await podman(["volume", "create", volume]);
  const started = performance.now();
  await runContainer({ image: IMAGE, name, volume, port: PORT });
  await waitForHealthz(name, PORT, 120_000);
  const startSeconds = (performance.now() - started) / 1000;
  progress(`Healthy; idle for ${IDLE_SECONDS} s...`);
  await sleep(IDLE_SECONDS * 1000);
  const idle = { cgroup: await containerMemory(name), rss: await serverRss(name) };

  const burst = await hundredRequests();
  await sleep(2000);
  const after = { cgroup: await containerMemory(name), rss: await serverRss(name) };

  const figures = {
    base: base ?? BASE_IMAGE,
    imageBytes: size,
    buildSeconds: Math.round(buildSeconds),
    startToHealthySeconds: Number(startSeconds.toFixed(1)),
    idle,
    afterRequests: { ...after, requests: REQUESTS, ok: burst.ok, seconds: Number(burst.seconds.toFixed(2)) },
  };
  console.log(
    renderTable({
      title: `Container image (${figures.base}; ${REQUESTS} requests over ${PAGES.length} public pages, ${CONCURRENCY} at a time)`,
      columns: ["Figure", "Value"],
      rows: [
        ["Image size (podman image inspect)", `${mb(size)} MB`],
        ["Build (layers cached when unchanged)", `${figures.buildSeconds} s`],
        ["Start to healthy (fresh volume, migrations)", `${figures.startToHealthySeconds} s`],
        [`Memory at idle, container (podman stats)`, `${mb(idle.cgroup)} MB`],
        [`Memory at idle, server RSS`, `${mb(idle.rss)} MB`],
        [`Memory after ${REQUESTS} requests, container`, `${mb(after.cgroup)} MB`],
        [`Memory after ${REQUESTS} requests, server RSS`, `${mb(after.rss)} MB`],
        [`${REQUESTS} requests answered 200`, `${burst.ok} in ${figures.afterRequests.seconds} s`],
      ],
    }),
  );
  mkdirSync(path.join(root, "bench/results"), { recursive: true });
  writeFileSync(path.join(root, "bench/results/container.json"), `${JSON.stringify(figures, null, 2)}\n`);
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
} finally {
  await removeContainer(name);
  await removeVolume(volume);
}
process.exit(failed ? 1 : 0);
