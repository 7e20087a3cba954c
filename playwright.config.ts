import { defineConfig, devices } from "@playwright/test";
import { OFFLINE_CHROMIUM_FLAGS } from "#scripts/chromium-flags.ts";

const port = Number(process.env.E2E_PORT ?? 3217);
export const baseURL = `http://127.0.0.1:${port}`;
/** The local OpenID issuer that stands in for Google (tests/support/oidc-issuer.ts). */
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? port + 1);
const oidcIssuer = `http://127.0.0.1:${oidcPort}`;
/** A second server whose gallery is filled before it starts (tests/e2e/gallery.spec.ts); the main one keeps an empty gallery. */
export const galleryURL = `http://127.0.0.1:${port + 2}`;
const galleryData = "test-results/e2e-gallery-data";
/**
 * A third server for the admin gallery tests (tests/e2e/admin-gallery*.spec.ts): they publish
 * photos, which must not show up on the main server's (empty) gallery while other specs check it.
 */
export const adminGalleryURL = `http://127.0.0.1:${port + 3}`;
export const adminGalleryData = "test-results/e2e-admin-gallery-data";
/** A fourth server with published projects (tests/e2e/projects.spec.ts, tests/support/seed-projects.ts). */
export const projectsURL = `http://127.0.0.1:${port + 4}`;
const projectsData = "test-results/e2e-projects-data";
/**
 * The seeded site of issue 25 (tests/support/seeded-site.ts): a full profile, 13 photos, a hero,
 * testimonials and a project whose "before" photo is published (tests/e2e/trust-at-a-glance.spec.ts).
 */
export const seededURL = `http://127.0.0.1:${port + 7}`;
export const seededData = "test-results/e2e-seeded-data";
/** A fifth server whose owner entered every fact the proof shows (tests/e2e/proof.spec.ts, tests/support/seed-proof.ts). */
export const proofURL = `http://127.0.0.1:${port + 5}`;
export const proofData = "test-results/e2e-proof-data";

/** A server on port + `offset` with a DATA_DIR of its own, emptied at the start (then filled by the `seed` script, when given). */
function extraServer(offset: number, url: string, dataDir: string, seed: string | null, timeout: number) {
  return {
    command: `rm -rf ${dataDir} && ${seed ? `node ${seed} ${dataDir} && ` : ""}node server/main.ts`,
    url: `${url}/healthz`,
    reuseExistingServer: false,
    timeout,
    env: { PORT: String(port + offset), HOST: "127.0.0.1", DATA_DIR: dataDir, PUBLIC_URL: url, LOG_LEVEL: "warn" },
  };
}

/** Debian's Chromium; nothing is downloaded. These flags keep it off the network. */
const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: OFFLINE_CHROMIUM_FLAGS,
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [["list"], ["json"]],
  // A test's whole budget, not a speed check: on a 2-core machine whose CPU is shared, the axe
  // runs and the admin pages' round trips were seen to take three times as long as usual.
  timeout: 60_000,
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions } }],
  webServer: [
    {
      command: "node tests/support/oidc-issuer.ts",
      url: `${oidcIssuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { OIDC_ISSUER_PORT: String(oidcPort) },
    },
    {
      command: "rm -rf test-results/e2e-data && node server/main.ts",
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: "test-results/e2e-data",
        PUBLIC_URL: baseURL,
        LOG_LEVEL: "warn",
        ENABLE_CRASH_ROUTE: "true",
        // The estimate form tests wait out this minimum time like a person would (about 1.2 s).
        FORM_MIN_SECONDS: "1",
        // Every test posts from 127.0.0.1; the default limit (5 per 10 minutes) would refuse them.
        LEAD_RATE_LIMIT: "1000",
        // Sign-in failures all come from 127.0.0.1 too.
        SIGN_IN_FAILURE_LIMIT: "1000",
        // Limits are counted in the database, which outlives one run: sign-ups from 127.0.0.1 add up.
        SIGNUP_RATE_LIMIT: "1000",
        GOOGLE_CLIENT_ID: "e2e-client",
        GOOGLE_CLIENT_SECRET: "e2e-secret",
        GOOGLE_ISSUER: oidcIssuer,
      },
    },
    extraServer(2, galleryURL, galleryData, "tests/support/seed-gallery.ts", 120_000),
    extraServer(3, adminGalleryURL, adminGalleryData, null, 60_000),
    extraServer(4, projectsURL, projectsData, "tests/support/seed-projects.ts", 120_000),
    extraServer(5, proofURL, proofData, "tests/support/seed-proof.ts", 120_000),
    // Its 13 large photos go through the image pipeline before it starts: minutes on a busy machine.
    extraServer(7, seededURL, seededData, "tests/support/seeded-site.ts", 300_000),
  ],
});
