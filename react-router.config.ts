import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // `npm run build` writes each build to its own folder and then points `build` at it
  // (scripts/site-build.ts), so running servers never see a half-written build.
  buildDirectory: process.env.SITE_BUILD_DIR || "build",
} satisfies Config;
