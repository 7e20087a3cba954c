/**
 * The shape every bench section shares. A section is a named async function
 * that measures one thing and returns its figures; `scripts/bench.ts` runs the
 * selected sections one after the other, prints their tables and writes all
 * figures to bench/results/latest.json.
 *
 * To add a section (e.g. "leads accepted per second"): write a module under
 * scripts/bench/ that exports a `BenchSection`, and add it to the list in
 * scripts/bench.ts. `--only=<name>` then runs it alone.
 */

/** A plain table: the runner aligns the columns. */
export interface Table {
  title?: string;
  columns: string[];
  /** One row per line; numbers are right-aligned, anything else left-aligned. */
  rows: (string | number)[][];
}

export interface SectionResult {
  /** Everything measured, as it goes into latest.json (keep it JSON-serialisable). */
  figures: Record<string, unknown>;
  /** What is printed to stdout. */
  tables: Table[];
  /** Printed under the tables, one line each (findings, caveats). */
  notes?: string[];
  /** Figures that have a budget: printed with it under the tables and again at the end of the report. */
  budgets?: Budget[];
}

/**
 * A figure with the most it may be (an issue's or an ADR's target). The bench reports it: a
 * figure over its budget is printed as such. An `enforced` budget also fails the bench (exit
 * code 3): for figures that do not move with the machine's load, like the bytes of a page.
 */
export interface Budget {
  /** What was measured, e.g. "/gallery first view, 375 px phone at DPR 2, 100 photos". */
  label: string;
  value: number;
  limit: number;
  /** "KB", "s"… */
  unit: string;
  /** Over it, the bench fails. */
  enforced?: boolean;
}

export interface SiteServer {
  /** Always http://127.0.0.1:<port>, without a trailing slash. */
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  /** Its DATA_DIR (a fresh temp folder, removed on stop): for seeding accounts and photos. */
  readonly dataDir: string;
  /** What the server was started with, on top of the defaults (for the report). */
  readonly extraEnv: Readonly<Record<string, string>>;
  /** SIGTERM by pid, then waits for the exit. Safe to call twice. */
  stop(): Promise<void>;
}

export interface BenchContext {
  /** The project root. */
  readonly root: string;
  /** bench/results, created. Anything a section writes there should be git-ignored (*.json). */
  readonly resultsDir: string;
  /** A progress line on stderr, so stdout stays the report. */
  log(message: string): void;
  /**
   * The production server with its default configuration, started on first
   * use and shared by every section; stopped when the bench ends.
   */
  defaultServer(): Promise<SiteServer>;
  /**
   * One more production server, e.g. with `{ PAGE_CACHE_SECONDS: "0" }`.
   * It is stopped when the bench ends; a section may stop it earlier.
   */
  startServer(extraEnv?: Record<string, string>): Promise<SiteServer>;
  /** Runs `cleanup` when the bench ends, also on errors and Ctrl-C. */
  onCleanup(cleanup: () => Promise<void> | void): void;
}

export interface BenchSection {
  /** The id used by `--only=` and as the key in latest.json. */
  name: string;
  /** One line for `--list` and for the printed heading. */
  title: string;
  /**
   * Checks what the section needs before anything long runs (a binary, a
   * port…). Throw a `BenchSetupError` with a clear message when it is missing.
   */
  preflight?: (root: string) => Promise<void> | void;
  run: (ctx: BenchContext) => Promise<SectionResult>;
}

/** A missing prerequisite: the bench stops with this message and a non-zero exit. */
export class BenchSetupError extends Error {
  override name = "BenchSetupError";
}
