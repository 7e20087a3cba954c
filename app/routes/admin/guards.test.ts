/**
 * Every loader and action under app/routes/admin starts with `requireAdmin(request, context)`.
 * The layout's middleware refuses everyone else too, but a guard in each function keeps a route
 * safe if it is ever moved out of the layout, so this checks the source, not the behaviour
 * (tests/integration/auth/admin-guard.test.ts checks the behaviour).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

const dir = import.meta.dirname;
const files = readdirSync(dir).filter((name) => /\.tsx?$/.test(name) && !name.endsWith(".test.ts"));

test("there are admin route modules to check", () => {
  expect(files).toEqual(
    expect.arrayContaining([
      "layout.tsx",
      "dashboard.tsx",
      "leads.tsx",
      "leads-csv.ts",
      "lead.tsx",
      "users.tsx",
      "site.tsx",
      "site-texts.tsx",
      "site-testimonials.tsx",
      "site-photos.tsx",
      "replies.tsx",
      "visits.tsx",
      "projects.tsx",
      "project.tsx",
      "alerts.tsx",
      "manifest.ts",
      "service-worker.ts",
    ]),
  );
});

test.each(files)("%s: each loader and action calls requireAdmin first", (file) => {
  const source = readFileSync(path.join(dir, file), "utf8");
  const functions = [...source.matchAll(/export (?:async )?function (loader|action)\([^)]*\)[^{]*\{\s*([^;]*;)/g)];
  if (file !== "layout.tsx") expect(functions.map((m) => m[1]).toSorted()).toEqual(["action", "loader"]);
  for (const [, name, firstStatement] of functions) {
    expect(firstStatement, `${file} ${name}`).toMatch(/^(const \w+ = )?await requireAdmin\(request, context\);$/);
  }
});
