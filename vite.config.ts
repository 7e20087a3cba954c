import { reactRouter } from "@react-router/dev/vite";
import path from "node:path";
import { defineConfig } from "vite";
import { siteCssParts } from "./scripts/css-parts.ts";

/**
 * Rolldown warns when plugins take most of a build's time ([PLUGIN_TIMINGS]): advice for plugin
 * authors, which on a busy machine reads to an operator like a fault in the site. ADR 058.
 */
const checks = { bundlerTimings: false };

export default defineConfig({
  // The server bundle's entry is server/app.ts, which wraps React Router's
  // build so the host can hand it its services (see server/main.ts).
  environments: {
    ssr: { build: { target: "node24", rolldownOptions: { input: "./server/app.ts", checks } } },
  },
  build: { target: "es2022", rolldownOptions: { checks } },
  // The public stylesheet in parts, so a page inlines only what it uses (ADR 065).
  plugins: [siteCssParts(path.resolve(import.meta.dirname, "app/styles/app.css")), reactRouter()],
});
