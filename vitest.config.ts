import path from "node:path";
import { defineConfig } from "vitest/config";
import { siteCssParts } from "./scripts/css-parts.ts";

/**
 * Three projects: `unit` (fast, beside the code), `integration` (real
 * SQLite, PostgreSQL and HTTP servers) and `deploy` (the deployment drill, one server with Caddy, the container image). Browser tests run in Playwright.
 */
export default defineConfig({
  // `virtual:site-css` (the stylesheet in parts, ADR 065) resolves as in the build.
  plugins: [siteCssParts(path.resolve(import.meta.dirname, "app/styles/app.css"))],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One file at a time: each starts its own servers and PostgreSQL schemas, and on
          // two cores parallel files only make timings (and catalog races) noisier.
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          // The deployment drill (tests/deploy/drill.test.ts: nginx, three instances, PostgreSQL, S3)
          // one server (tests/deploy/caddy.test.ts: Caddy, a local ACME server, one instance) and the
          // container image (tests/deploy/container.test.ts: podman).
          name: "deploy",
          include: ["tests/deploy/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
