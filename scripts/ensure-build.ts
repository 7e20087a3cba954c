/**
 * `npm start` builds the site first when `build` was not made from the current sources (a hash
 * of their contents: see site-build.ts), so a fresh clone needs no step between `npm ci` and
 * `npm start`, and a start with an up-to-date build (copied in, or made by `npm run build`)
 * never builds again. Several starts at once build once: the others wait for it. It shows one
 * line for the build, not Vite's list of files (scripts/build-output.ts), so the server's own
 * lines and the setup link that follow are not lost in it.
 */
import path from "node:path";
import { BuildError, ensureBuild } from "#scripts/site-build.ts";

try {
  await ensureBuild({ root: path.resolve(import.meta.dirname, ".."), output: "summary" });
} catch (error) {
  if (error instanceof BuildError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
