/**
 * `npm test`: everything CI runs, in order, stopping at the first failing
 * stage: typecheck, lint, build, unit, integration, browser end-to-end, the deployment tests.
 * Prints one closing line with the totals of all test runners.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name: string) => path.join(root, "node_modules/.bin", name);
const reports = path.join(root, "test-results/reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };

function run(title: string, command: string, args: string[], env: Record<string, string> = {}) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ ${title} failed after ${seconds}s (exit ${result.status ?? result.signal}).`);
    return false;
  }
  console.log(`✓ ${title} (${seconds}s)`);
  return true;
}

function countVitest(file: string) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
}

/** Runs one vitest project, its JSON report counted in the totals. */
function vitest(title: string, project: string) {
  const json = `${reports}/${project}.json`;
  const ok = run(title, bin("vitest"), ["run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${json}`]);
  countVitest(json);
  return ok;
}

function countPlaywright(file: string) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, "utf8")) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  totals.passed += report.stats.expected + report.stats.flaky;
  totals.failed += report.stats.unexpected;
  totals.skipped += report.stats.skipped;
}

function finish(ok: boolean): never {
  console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(ok ? 0 : 1);
}

if (!process.env.TEST_POSTGRES_URL) {
  console.warn(
    "\nNOTE: TEST_POSTGRES_URL is not set, so the PostgreSQL contract tests are SKIPPED in this run.\n" +
      "      Set TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/test to run them (CI always does).",
  );
}

const node = process.execPath;
const stages: [string, () => boolean][] = [
  [
    "Typecheck",
    () =>
      run("Typecheck", node, [path.join(root, "node_modules/@react-router/dev/bin.cjs"), "typegen"]) &&
      run("Typecheck (tsc)", bin("tsc"), ["-p", "."]),
  ],
  // The formatter checks layout, so no review is spent on it (`npx prettier --write .` fixes it).
  ["Lint", () => run("Lint", bin("oxlint"), ["--deny-warnings"]) && run("Format", bin("prettier"), ["--check", "--log-level=warn", "."])],
  ["Build", () => run("Build", node, [path.join(root, "scripts/build.ts")], { NODE_ENV: "production" })],
  ["Unit tests", () => vitest("Unit tests", "unit")],
  ["Integration tests", () => vitest("Integration tests", "integration")],
  [
    "Browser tests",
    () => {
      const ok = run("Browser tests (Playwright, Chromium)", bin("playwright"), ["test"], {
        PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/e2e.json`,
      });
      countPlaywright(`${reports}/e2e.json`);
      return ok;
    },
  ],
  // nginx + TLS in front of three instances on PostgreSQL and S3 (tests/deploy/drill.test.ts),
  // skipped, saying why, without nginx, openssl, TEST_POSTGRES_URL or TEST_S3_ENDPOINT; and one
  // server behind Caddy with a certificate from a local ACME server (tests/deploy/caddy.test.ts),
  // skipped without caddy, pebble or openssl; and the container image built and run with podman
  // (tests/deploy/container.test.ts), skipped without podman, runc, debootstrap or root.
  ["Deployment tests", () => vitest("Deployment tests (the drill, one server with Caddy, the container)", "deploy")],
];

for (const [, stage] of stages) {
  if (!stage()) finish(false);
}
finish(true);
