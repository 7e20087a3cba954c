/**
 * `npm run bench`: measures the site and reports. Budgets are reported; those marked enforced
 * (a page's HTML bytes, ADR 065) fail the bench when exceeded.
 *
 *   node scripts/bench.ts                       every section
 *   node scripts/bench.ts --only=lighthouse     a subset (comma-separated)
 *   node scripts/bench.ts --list                the sections
 *
 * Builds the site if needed, starts the production server (`node
 * server/main.ts`) on 127.0.0.1 with a fresh data directory, runs the
 * selected sections one after the other, prints a table per section on
 * stdout (progress goes to stderr) and writes every figure to
 * bench/results/latest.json. Servers and browsers it started are stopped at
 * the end, also on errors and Ctrl-C.
 *
 * Exit codes: 0 figures produced; 1 a section failed or a prerequisite is
 * missing (server would not start, no Chromium…); 2 bad arguments; 3 an
 * enforced budget was exceeded (every one is listed at the end).
 * A new section: see scripts/bench/types.ts, then add it to SECTIONS below.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { overBudget, renderBudgets, renderTable, seconds } from "#scripts/bench/format.ts";
import { httpSection } from "#scripts/bench/http.ts";
import { leadsSection } from "#scripts/bench/leads.ts";
import { authSection } from "#scripts/bench/auth.ts";
import { lighthouseSection } from "#scripts/bench/lighthouse.ts";
import { uploadSection } from "#scripts/bench/upload.ts";
import { imagesSection } from "#scripts/bench/images.ts";
import { galleryBytesSection, gallerySection } from "#scripts/bench/gallery.ts";
import { homeHeroSection } from "#scripts/bench/home-hero.ts";
import { seededSection } from "#scripts/bench/seeded.ts";
import { languagesSection } from "#scripts/bench/languages.ts";
import { leadPhotosSection } from "#scripts/bench/lead-photos.ts";
import { imageQueueSection } from "#scripts/bench/image-queue.ts";
import { firebaseImportSection } from "#scripts/bench/firebase-import.ts";
import { projectsSection } from "#scripts/bench/projects.ts";
import { lockSection } from "#scripts/bench/lock.ts";
import { mailHangSection } from "#scripts/bench/mail-hang.ts";
import { mailFailingSection } from "#scripts/bench/mail-failing.ts";
import { leadPageSection } from "#scripts/bench/lead-page.ts";
import { pdfSection } from "#scripts/bench/pdf.ts";
import { quotePageSection } from "#scripts/bench/quote-page.ts";
import { bookingWindowsSection } from "#scripts/bench/booking-windows.ts";
import { bookingThroughputSection } from "#scripts/bench/booking-throughput.ts";
import { startSiteServer } from "#scripts/bench/server.ts";
import { BenchSetupError, type BenchContext, type BenchSection, type SectionResult, type SiteServer } from "#scripts/bench/types.ts";

/** In the order they run. Lighthouse first: its browser is gone before any load test. */
const SECTIONS: BenchSection[] = [
  lighthouseSection,
  httpSection,
  leadsSection,
  authSection,
  uploadSection,
  imagesSection,
  gallerySection,
  galleryBytesSection,
  projectsSection,
  homeHeroSection,
  seededSection,
  languagesSection,
  leadPhotosSection,
  firebaseImportSection,
  imageQueueSection,
  lockSection,
  mailHangSection,
  mailFailingSection,
  leadPageSection,
  pdfSection,
  quotePageSection,
  bookingWindowsSection,
  bookingThroughputSection,
];

const root = path.resolve(import.meta.dirname, "..");
const resultsDir = path.join(root, "bench/results");
// From the start of the process, so the module loading (Lighthouse is large) counts too.
const startedAt = Math.round(performance.timeOrigin);

function usage(): string {
  return [
    "Usage: node scripts/bench.ts [--only=<section>[,<section>…]] [--list]",
    "",
    "Sections:",
    ...SECTIONS.map((s) => `  ${s.name.padEnd(14)} ${s.title}`),
  ].join("\n");
}

function parseArgs(argv: string[]): BenchSection[] {
  let selected = SECTIONS;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (arg === "--list" || arg === "--help" || arg === "-h") {
      console.log(usage());
      process.exit(0);
    }
    let only: string | undefined;
    if (arg.startsWith("--only=")) only = arg.slice("--only=".length);
    else if (arg === "--only") only = argv[++i];
    if (only === undefined) {
      console.error(`Unknown argument: ${arg}\n\n${usage()}`);
      process.exit(2);
    }
    const names = only
      .split(",")
      .map((n) => n.trim())
      .filter(Boolean);
    const unknown = names.filter((n) => !SECTIONS.some((s) => s.name === n));
    if (names.length === 0 || unknown.length > 0) {
      console.error(`Unknown section${unknown.length === 1 ? "" : "s"}: ${unknown.join(", ") || "(none given)"}\n\n${usage()}`);
      process.exit(2);
    }
    selected = SECTIONS.filter((s) => names.includes(s.name));
  }
  return selected;
}

function log(message: string) {
  const t = ((Date.now() - startedAt) / 1000).toFixed(1).padStart(6);
  process.stderr.write(`[bench ${t}s] ${message}\n`);
}

function git(args: string[]): string | null {
  try {
    const result = spawnSync("git", args, { cwd: root, encoding: "utf8", timeout: 10_000 });
    return result.status === 0 ? result.stdout.trim() : null;
  } catch {
    return null;
  }
}

// ---- Cleanup: servers, browsers, temp files; also on Ctrl-C and crashes ----

const cleanups: (() => Promise<void> | void)[] = [];
const runningPids = new Set<number>();
let cleaningUp: Promise<void> | undefined;
/** Set on Ctrl-C: no new section or server starts after it. */
let interrupted = false;

function cleanup(): Promise<void> {
  cleaningUp ??= (async () => {
    for (const fn of cleanups.splice(0).toReversed()) {
      try {
        await fn();
      } catch (error) {
        log(`cleanup failed: ${(error as Error).message}`);
      }
    }
  })();
  return cleaningUp;
}

// Last resort if the process ends without running cleanup (e.g. process.exit elsewhere).
process.on("exit", () => {
  for (const pid of runningPids) {
    try {
      process.kill(pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  }
});
// Lighthouse's protocol client rejects promises nobody awaits when Chrome goes
// away (e.g. on Ctrl-C); the run that used it fails on its own, the bench goes on.
process.on("unhandledRejection", (reason) => {
  log(`ignored an unhandled rejection: ${reason instanceof Error ? reason.message : String(reason)}`);
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    interrupted = true;
    log(`${signal}: stopping what the bench started…`);
    void cleanup().finally(() => process.exit(130));
  });
}

// ---- The context handed to every section ----

let buildChecked = false;
function ensureBuild() {
  if (buildChecked) return;
  log("checking the build (node scripts/ensure-build.ts)");
  // Build output goes to stderr: stdout is the report.
  const result = spawnSync(process.execPath, [path.join(root, "scripts/ensure-build.ts")], {
    cwd: root,
    stdio: ["ignore", process.stderr, process.stderr],
  });
  if (result.status !== 0) {
    throw new BenchSetupError(`The site could not be built (ensure-build exited with ${result.status ?? result.signal}).`);
  }
  buildChecked = true;
}

async function startServer(extraEnv: Record<string, string> = {}): Promise<SiteServer> {
  if (interrupted) throw new Error("interrupted");
  ensureBuild();
  const label =
    Object.entries(extraEnv)
      .map(([k, v]) => `${k}=${v}`)
      .join(" ") || "default configuration";
  log(`starting node server/main.ts (${label})`);
  let spawned: number | undefined;
  let server: SiteServer;
  try {
    server = await startSiteServer({
      root,
      extraEnv,
      onOutput: (line) => process.stderr.write(`[server ${label}] ${line}\n`),
      onSpawn: (pid) => runningPids.add((spawned = pid)),
    });
  } catch (error) {
    // startSiteServer has stopped it already.
    if (spawned !== undefined) runningPids.delete(spawned);
    throw error;
  }
  log(`server up at ${server.url} (pid ${server.pid})`);
  const stop = async () => {
    await server.stop();
    runningPids.delete(server.pid);
  };
  cleanups.push(stop);
  return { ...server, stop };
}

let defaultServer: Promise<SiteServer> | undefined;
const context: BenchContext = {
  root,
  resultsDir,
  log,
  defaultServer: () => (defaultServer ??= startServer()),
  startServer,
  onCleanup: (fn) => void cleanups.push(fn),
};

// ---- Run ----

interface Outcome {
  section: BenchSection;
  seconds: number;
  /** Highest 1-minute load average seen while the section ran. */
  maxLoad: number;
  result?: SectionResult;
  error?: string;
}

/**
 * Other work on the machine (tests, builds) skews every figure here. The
 * bench itself keeps about 2 processes busy; more than twice the core count
 * means someone else is competing for the CPU.
 */
const cores = os.availableParallelism();
const busyLoad = cores * 2;

function watchLoad() {
  let max = os.loadavg()[0] ?? 0;
  const timer = setInterval(() => (max = Math.max(max, os.loadavg()[0] ?? 0)), 2_000);
  timer.unref();
  return () => {
    clearInterval(timer);
    return Math.round(Math.max(max, os.loadavg()[0] ?? 0) * 100) / 100;
  };
}

/** Runs each section in turn, until the end or an interrupt; a missing prerequisite stops the bench. */
async function runSections(selected: readonly BenchSection[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const section of selected) {
    if (interrupted) break;
    log(`section ${section.name}: ${section.title}`);
    const sectionStart = Date.now();
    const load = watchLoad();
    try {
      const result = await section.run(context);
      outcomes.push({ section, result, seconds: (Date.now() - sectionStart) / 1000, maxLoad: load() });
    } catch (error) {
      // A missing prerequisite stops the bench; any other failure only its section.
      if (error instanceof BenchSetupError) throw error;
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      log(`section ${section.name} failed: ${message}`);
      outcomes.push({ section, error: message, seconds: (Date.now() - sectionStart) / 1000, maxLoad: load() });
    }
  }
  return outcomes;
}

async function main(): Promise<number> {
  const selected = parseArgs(process.argv.slice(2));
  mkdirSync(resultsDir, { recursive: true });

  for (const section of selected) await section.preflight?.(root);

  const outcomes = await runSections(selected);
  await cleanup();

  const durationMs = Date.now() - startedAt;
  const commit = git(["rev-parse", "--short", "HEAD"]);
  const status = git(["status", "--porcelain"]);
  const cpus = os.cpus();
  const meta = {
    date: new Date(startedAt).toISOString(),
    durationSeconds: Math.round(durationMs / 100) / 10,
    node: process.version,
    commit,
    uncommittedChanges: status === null ? null : status.length > 0,
    machine: {
      cores,
      cpu: cpus[0]?.model.trim() ?? "unknown",
      memoryGB: Math.round(os.totalmem() / 2 ** 30),
      platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    },
    sections: selected.map((s) => s.name),
  };

  const out: string[] = [];
  out.push("");
  out.push(
    `Bench ${meta.date}  node ${meta.node}  commit ${commit ?? "unknown"}${meta.uncommittedChanges ? " (+ uncommitted changes)" : ""}`,
  );
  out.push(`${meta.machine.cores} cores (${meta.machine.cpu}), ${meta.machine.memoryGB} GB, ${meta.machine.platform}`);
  for (const outcome of outcomes) {
    out.push("");
    out.push(`== ${outcome.section.name}: ${outcome.section.title} (${seconds(outcome.seconds * 1000)})`);
    if (outcome.error) {
      out.push(`FAILED: ${outcome.error}`);
      continue;
    }
    for (const table of outcome.result?.tables ?? []) out.push(renderTable(table));
    for (const note of outcome.result?.notes ?? []) out.push(note);
    out.push(...renderBudgets(outcome.result?.budgets ?? []));
    if (outcome.maxLoad > busyLoad) {
      out.push(
        `! The machine was busy during this section (1-min load average up to ${outcome.maxLoad} on ${cores} cores): ` +
          "other processes competed for the CPU, so these figures are lower and noisier than on a quiet machine.",
      );
    }
  }
  const budgets = outcomes.flatMap((o) => o.result?.budgets ?? []);
  if (budgets.length > 0) {
    out.push("");
    out.push("== Budgets (reported; those marked enforced fail the bench)");
    out.push(...renderBudgets(budgets));
  }
  const exceeded = overBudget(budgets);
  if (exceeded.length > 0) {
    out.push("");
    out.push(`BENCH FAILED: ${exceeded.length} enforced budget${exceeded.length === 1 ? "" : "s"} exceeded:`);
    for (const budget of exceeded) out.push(`  ${budget.label}: ${budget.value} ${budget.unit}, over its ${budget.limit} ${budget.unit}`);
  }
  out.push("");
  out.push(`Whole bench: ${seconds(durationMs)}. Figures: bench/results/latest.json`);
  console.log(out.join("\n"));

  const json = {
    ...meta,
    results: Object.fromEntries(
      outcomes.map((o) => [
        o.section.name,
        {
          ...(o.error ? { error: o.error } : o.result?.figures),
          ...(o.result?.budgets ? { budgets: o.result.budgets } : {}),
          seconds: Math.round(o.seconds * 10) / 10,
          maxLoadAverage: o.maxLoad,
        },
      ]),
    ),
  };
  writeFileSync(path.join(resultsDir, "latest.json"), JSON.stringify(json, null, 2) + "\n");

  if (outcomes.some((o) => o.error)) return 1;
  return exceeded.length > 0 ? 3 : 0;
}

// process.exit: a browser or keep-alive socket left behind must not keep the bench alive.
main().then(
  (code) => process.exit(code),
  async (error: unknown) => {
    await cleanup();
    if (error instanceof BenchSetupError) console.error(`\nbench: ${error.message}`);
    else console.error("\nbench failed:", error);
    process.exit(1);
  },
);
