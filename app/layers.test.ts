/**
 * The code's layers, checked from the imports (docs/decisions/016-code-layers.md):
 * - components import shared words from app/schemas/, never server code (only a component
 *   module named *.server.ts may);
 * - routes call features (app/server/<feature>/), never a repository;
 * - the process host (server/) reaches features through what they export for it, never a repository;
 * - a folder under app/server/ is a feature or an adapter, never a screen;
 * - routes reach behaviour through the backend's objects, never the database handle;
 * - features depend on the Backend's shared parts (backend-base.server.ts), never on the Backend itself;
 * - server code never imports a browser folder (app/browser/, app/components/, app/routes/, app/styles/);
 * - app/schemas/ (the words the browser and the server share) imports only itself;
 * - a module the browser bundle may take in imports no Node built-in (Vite would stub it out and
 *   warn at every build; ADR 058).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const relative = path.join(dir, name);
    if (statSync(path.join(root, relative)).isDirectory()) return sourceFiles(relative);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [relative] : [];
  });
}

/** Every module a file imports or re-exports, resolved to a path from the project root ("#app/…" is app/…). */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(root, file), "utf8");
  const specifiers = [
    ...text.matchAll(
      /\b(?:import|export)\s[^;]*?\bfrom\s+["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)|\bimport\s+["']([^"']+)["']/g,
    ),
  ].map((match) => (match[1] ?? match[2] ?? match[3])!);
  return specifiers
    .filter((spec) => spec.startsWith(".") || spec.startsWith("#"))
    .map((spec) => (spec.startsWith("#") ? path.join(spec.slice(1)) : path.join(path.dirname(file), spec)));
}

function offenders(files: string[], isForbidden: (target: string) => boolean): string[] {
  return files.flatMap((file) =>
    importsOf(file)
      .filter(isForbidden)
      .map((target) => `${file} imports ${target}`),
  );
}

describe("layers", () => {
  test("the checker sees imports in each form the code uses", () => {
    // Guards the guard: a broken pattern would make every check below pass vacuously.
    const found = importsOf("app/routes/admin/gallery.tsx");
    expect(found).toContain(path.join("app", "server", "context.server.ts"));
    expect(importsOf("server/build-backend.ts")).toContain(path.join("app/server/gallery/gallery.server.ts"));
  });

  test("components import no server code (except *.server.ts component modules)", () => {
    const files = sourceFiles("app/components").filter((file) => !/\.server\.tsx?$/.test(file));
    expect(offenders(files, (target) => target.startsWith(path.join("app", "server") + path.sep))).toEqual([]);
  });

  test("routes call features, never a repository", () => {
    expect(offenders(sourceFiles("app/routes"), (target) => target.startsWith(path.join("app", "server", "repos")))).toEqual([]);
  });

  test("the host reaches features through what they export for it, never a repository", () => {
    expect(offenders(sourceFiles("server"), (target) => target.startsWith(path.join("app", "server", "repos")))).toEqual([]);
  });

  test("every photo conversion goes through the process's image queue (ADR 045)", () => {
    const callers = [...sourceFiles("app"), ...sourceFiles("server")].filter((file) =>
      /\bprocessImage\(/.test(readFileSync(path.join(root, file), "utf8")),
    );
    expect(callers.toSorted()).toEqual([
      path.join("app", "server", "images", "pipeline.server.ts"),
      path.join("app", "server", "images", "queue.server.ts"),
    ]);
  });

  test("routes reach behaviour through the backend's objects, never the database handle", () => {
    const touching = sourceFiles("app/routes").filter((file) =>
      /\bdatabase\.(db|dialect)\b|\{\s*backend\s*[,}]/.test(readFileSync(path.join(root, file), "utf8")),
    );
    expect(touching).toEqual([]);
  });

  test("features build on the Backend's shared parts, never on the Backend that holds them (ADR 051)", () => {
    const context = path.join("app", "server", "context.server.ts");
    // The two request adapters read a request's context (the session, the estimate form's post).
    const requestAdapters = [
      path.join("app", "server", "auth", "session.server.ts"),
      path.join("app", "server", "leads", "estimate-action.server.ts"),
    ];
    const features = sourceFiles("app/server").filter((file) => file !== context && !requestAdapters.includes(file));
    expect(offenders(features, (target) => target === context)).toEqual([]);
  });

  test("server code never imports a browser folder", () => {
    const browser = ["browser", "components", "routes", "styles"].map((folder) => path.join("app", folder) + path.sep);
    const serverCode = [...sourceFiles("app/server"), ...sourceFiles("server")];
    expect(offenders(serverCode, (target) => browser.some((folder) => target.startsWith(folder)))).toEqual([]);
  });

  test("app/schemas imports only itself", () => {
    const schemas = path.join("app", "schemas") + path.sep;
    expect(offenders(sourceFiles("app/schemas"), (target) => !target.startsWith(schemas))).toEqual([]);
  });

  test("modules the browser bundle may take in import no Node built-in (ADR 058)", () => {
    // Server code (app/server/, *.server.ts) never reaches the browser; React Router strips a
    // route module's loader and action, and the imports only they use, from the browser's copy.
    const shared = sourceFiles("app").filter(
      (file) =>
        !file.startsWith(path.join("app", "server") + path.sep) &&
        !file.startsWith(path.join("app", "routes") + path.sep) &&
        !/\.server\.tsx?$/.test(file),
    );
    expect(shared.length).toBeGreaterThan(20);
    const usingNode = shared.filter((file) => /\bfrom\s+["']node:/.test(readFileSync(path.join(root, file), "utf8")));
    expect(usingNode).toEqual([]);
  });

  test("every folder under app/server is a feature or an adapter", () => {
    const features = [
      "auth",
      "backup",
      "gallery",
      "jobs",
      "leads",
      "mail",
      "projects",
      "push",
      "site",
      "visits",
      "quotes",
      "homeowner",
      "booking",
      "reviews",
    ];
    const adapters = ["db", "images", "net", "repos", "storage"];
    const folders = readdirSync(path.join(root, "app/server")).filter((name) =>
      statSync(path.join(root, "app/server", name)).isDirectory(),
    );
    // A new folder is fine: name it here as a feature or an adapter (and never after a screen).
    expect(folders.toSorted()).toEqual([...features, ...adapters].toSorted());
  });
});
