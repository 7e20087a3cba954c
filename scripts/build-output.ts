/**
 * What `npm start` shows of the build it runs (docs/decisions/058-share-images-and-a-quiet-start.md).
 * Vite lists every file it writes with its size, about 160 lines a newcomer has to scroll past to
 * find the setup link; `npm start` shows one line instead, and `npm run build` keeps the full list.
 * Only lines known to be progress or the file list are held back: anything else the build says
 * (a warning, an error) is shown as it comes, and when the build fails its whole output is shown.
 */

/** Lines of a successful Vite and React Router build that tell the operator nothing. */
const PROGRESS_LINES = [
  /^Using Vite Environment API/,
  /^vite v\S+ building \S+ environment for production\.\.\.$/,
  /^transforming\.\.\.$/,
  /^rendering chunks\.\.\.$/,
  /^computing gzip size\.\.\.$/,
  /^✓ \d+ modules transformed\.$/,
  /^✓ built in [\d.]+m?s$/,
  /^✓ \d+ assets? cleaned from React Router server build\.$/,
];

// Vite colours its output on a terminal; the patterns above are for the plain text.
// oxlint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

export interface BuildOutput {
  /** A chunk of the build's stdout or stderr, as it arrives. */
  push(chunk: string): void;
  /** Every line the build wrote (including the ones held back), once it has ended. */
  allLines(): string[];
}

/**
 * Collects a build's output. `buildDir` is the folder the build writes (relative to the working
 * directory, as Vite prints it): its file list is held back. Lines worth a look go to `show`.
 */
export function collectBuildOutput(options: { buildDir: string; show: (line: string) => void }): BuildOutput {
  const lines: string[] = [];
  let partial = "";
  const isProgress = (line: string) => {
    const text = line.replace(ANSI, "").trim();
    return text === "" || text.startsWith(options.buildDir) || PROGRESS_LINES.some((pattern) => pattern.test(text));
  };
  const take = (line: string) => {
    lines.push(line);
    if (!isProgress(line)) options.show(line);
  };
  return {
    push(chunk) {
      const parts = (partial + chunk).split(/\r?\n/);
      partial = parts.pop() ?? "";
      for (const line of parts) take(line);
    },
    allLines() {
      if (partial) take(partial);
      partial = "";
      return lines;
    },
  };
}

/** The one line `npm start` prints for a build that worked. */
export function builtLine(milliseconds: number): string {
  const seconds = Math.max(1, Math.round(milliseconds / 1000));
  return `Site built in ${seconds} s (\`npm run build -- --force\` shows every file it makes).`;
}
