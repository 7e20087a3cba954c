/**
 * `npm run build`: builds the site into a new folder under `.builds/` and switches `build` to it,
 * writing the stamp `npm start` checks (site-build.ts). Servers already running keep serving
 * their own folder. With the sources unchanged it says so and keeps the build; `--force`
 * builds anyway.
 */
import path from "node:path";
import { BuildError, ensureBuild } from "#scripts/site-build.ts";

const force = process.argv.includes("--force");
try {
  const { built, hash } = await ensureBuild({ root: path.resolve(import.meta.dirname, ".."), force });
  console.log(
    built
      ? `Built ${hash}: \`build\` points at it; \`npm start\` and \`npm run serve\` use it.`
      : `\`build\` (${hash}) is already made from these sources; nothing to do (\`npm run build -- --force\` builds again).`,
  );
} catch (error) {
  if (error instanceof BuildError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
