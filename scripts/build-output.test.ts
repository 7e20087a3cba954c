import { describe, expect, test } from "vitest";
import { builtLine, collectBuildOutput } from "#scripts/build-output.ts";

/** The start of a real build's output (Vite 8, React Router 8), as `npm run build` prints it. */
const BUILD = `Using Vite Environment API
vite v8.3.8 building client environment for production...
transforming...
✓ 464 modules transformed.
rendering chunks...
computing gzip size...
.builds/f86d-17/client/.vite/manifest.json                     35.10 kB │ gzip:  3.66 kB
.builds/f86d-17/client/assets/admin-CCnvLORh.css               11.25 kB │ gzip:  2.81 kB

✓ built in 1.80s
vite v8.3.8 building ssr environment for production...
transforming...
✓ 309 modules transformed.
rendering chunks...

✓ 5 assets cleaned from React Router server build.
.builds/f86d-17/client/assets/admin-checklist-DeTKU3zb.css
✓ built in 710ms
`;

function collect(chunks: string[]) {
  const shown: string[] = [];
  const output = collectBuildOutput({ buildDir: ".builds/f86d-17", show: (line) => shown.push(line) });
  for (const chunk of chunks) output.push(chunk);
  return { shown, all: output.allLines() };
}

describe("what npm start shows of a build", () => {
  test("a clean build's progress and file list are held back, and kept for a failure", () => {
    const { shown, all } = collect([BUILD]);
    expect(shown).toEqual([]);
    expect(all).toEqual(BUILD.split("\n").slice(0, -1));
  });

  test("anything else the build says is shown as it comes, also when a line is cut between chunks", () => {
    const warning = '[plugin rolldown:vite-resolve] Module "node:stream" has been externalized for browser compatibility';
    const cut = BUILD.indexOf("✓ 309");
    const { shown } = collect([BUILD.slice(0, cut), warning.slice(0, 20), `${warning.slice(20)}\n`, BUILD.slice(cut), "error: disk full"]);
    expect(shown).toEqual([warning, "error: disk full"]);
  });

  test("colours are ignored when telling progress from the rest", () => {
    const { shown } = collect(["\u001b[32m✓\u001b[39m 464 modules transformed.\n", "\u001b[2m.builds/f86d-17/\u001b[22mclient/x.js\n"]);
    expect(shown).toEqual([]);
  });

  test("the summary line says how long it took, at least a second", () => {
    expect(builtLine(14_400)).toMatch(/^Site built in 14 s /);
    expect(builtLine(120)).toMatch(/^Site built in 1 s /);
  });
});
