/**
 * Bringing the old Firebase gallery over (`cli import-firebase`, ADR 035): how long 100 photos
 * take from a local export, end to end as the operator runs it — the CLI in a child process
 * fetching each file over HTTP from a local server that answers like Firebase Storage, the upload
 * pipeline making every variant, SQLite and local disk. Then the same command again (everything
 * is skipped) and a dry run.
 *
 * The photos are 100 different 2048 × 1536 photo-like JPEGs (tests/support/phone-photo.ts, with
 * the texture and noise of a real photo), the size a browser upload of the old site often was.
 * Made once before the clock starts.
 *
 *   node scripts/bench.ts --only=import
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { makePhoneJpeg } from "#tests/support/phone-photo.ts";
import type { BenchContext, BenchSection } from "#scripts/bench/types.ts";

const PHOTOS = 100;
const WIDTH = 2048;
const HEIGHT = 1536;
const BUCKET_PATH = "/v0/b/old-site.appspot.com/o/";

/** Milliseconds as seconds with two decimals. */
const s = (ms: number) => Math.round(ms / 10) / 100;

interface Run {
  ms: number;
  code: number;
  summary: string;
}

function runImport(ctx: BenchContext, args: string[], dataDir: string): Promise<Run> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    STORAGE: "local",
    NODE_ENV: "production",
  };
  const started = performance.now();
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ["--no-warnings", path.join(ctx.root, "server/cli.ts"), "import-firebase", ...args],
      { cwd: ctx.root, env, timeout: 30 * 60_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const ms = performance.now() - started;
        if (error && typeof error.code !== "number")
          return reject(new Error(`import-firebase did not finish: ${error.message}\n${stderr}`));
        const code = typeof error?.code === "number" ? error.code : 0;
        const lines = stdout.trim().split("\n");
        const summary = lines.find((line) => /^(Imported|Dry run: would)/.test(line)) ?? lines.at(-1) ?? "";
        if (code !== 0) return reject(new Error(`import-firebase exited with ${code}: ${summary}\n${stderr.slice(0, 2000)}`));
        resolve({ ms, code, summary });
      },
    );
  });
}

export const firebaseImportSection: BenchSection = {
  name: "import",
  title: `Firebase gallery import: ${PHOTOS} photos from a local export, over HTTP, into drafts`,
  async run(ctx: BenchContext) {
    const loadBefore = os.loadavg()[0] ?? 0;
    const dir = await mkdtemp(path.join(tmpdir(), "bench-import-"));
    ctx.onCleanup(() => rm(dir, { recursive: true, force: true }));

    ctx.log(`making ${PHOTOS} different ${WIDTH} × ${HEIGHT} photo-like JPEGs`);
    const files = new Map<string, Buffer>();
    let totalBytes = 0;
    for (let i = 0; i < PHOTOS; i++) {
      const name = `${1617300000000 + i * 1000}job-${String(i + 1).padStart(3, "0")}-after.jpg`;
      const body = await makePhoneJpeg({ width: WIDTH, height: HEIGHT, seed: 100 + i });
      files.set(name, body);
      totalBytes += body.length;
    }

    const server = createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://localhost");
      const name = url.pathname.startsWith(BUCKET_PATH)
        ? decodeURIComponent(url.pathname.slice(BUCKET_PATH.length)).replace(/^images\//, "")
        : "";
      const body = files.get(name);
      if (!body) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { "Content-Type": "image/jpeg", "Content-Length": body.length });
      res.end(req.method === "HEAD" ? undefined : body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    ctx.onCleanup(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const exportFile = path.join(dir, "images.json");
    await writeFile(
      exportFile,
      JSON.stringify(
        [...files.keys()].map((name, i) => ({
          id: `doc${String(i + 1).padStart(3, "0")}`,
          imageFile: `${base}${BUCKET_PATH}${encodeURIComponent(`images/${name}`)}?alt=media&token=bench`,
        })),
      ),
    );
    const dataDir = path.join(dir, "data");

    ctx.log("dry run (HEAD requests only)");
    const dry = await runImport(ctx, ["--export", exportFile, "--dry-run", "--allow-private-addresses"], dataDir);
    ctx.log(`importing ${PHOTOS} photos`);
    const first = await runImport(ctx, ["--export", exportFile, "--allow-private-addresses"], dataDir);
    ctx.log("the same command again");
    const second = await runImport(ctx, ["--export", exportFile, "--allow-private-addresses"], dataDir);

    const figures = {
      photos: PHOTOS,
      photoSize: `${WIDTH}×${HEIGHT}`,
      exportMb: Math.round(totalBytes / 1024 / 102.4) / 10,
      importSeconds: s(first.ms),
      secondsPerPhoto: Math.round((first.ms / PHOTOS / 1000) * 100) / 100,
      photosPerMinute: Math.round((PHOTOS / first.ms) * 60_000),
      secondRunSeconds: s(second.ms),
      dryRunSeconds: s(dry.ms),
      firstRun: first.summary,
      secondRun: second.summary,
      cpus: os.cpus().length,
      loadBefore: Math.round(loadBefore * 100) / 100,
    };
    return {
      figures,
      tables: [
        {
          columns: ["run", "time", "outcome"],
          rows: [
            [`import ${PHOTOS} × ${WIDTH}×${HEIGHT} JPEG (${figures.exportMb} MB)`, `${figures.importSeconds} s`, first.summary],
            ["the same command again", `${figures.secondRunSeconds} s`, second.summary],
            ["--dry-run (before the import)", `${figures.dryRunSeconds} s`, dry.summary],
          ],
        },
      ],
      notes: [
        `${figures.secondsPerPhoto} s a photo, about ${figures.photosPerMinute} photos a minute, 3 downloads at once, on ${figures.cpus} CPUs (load ${figures.loadBefore} before).`,
        `Commands: node scripts/bench.ts --only=import (the import itself: npm run cli -- import-firebase --export ${path.basename(exportFile)} --allow-private-addresses).`,
      ],
    };
  },
};
