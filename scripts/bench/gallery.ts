/**
 * /gallery with many photos published, two sections:
 * - `gallery`: Lighthouse mobile with 48 photos on /gallery (median of 3, the lighthouse
 *   section's runner) and once on its first photo's page (ADR 036);
 * - `gallery-bytes`: what a first view transfers with 100 photos, counted in Chromium at phone
 *   and desktop sizes: the encoded bytes of every response (headers included) until the load
 *   event and a quiet network, and how many requests that took. The cache is cold for every
 *   view. Images below the fold are lazy, so what loads also depends on Chromium's lazy-loading
 *   distance (it starts images some way before they scroll into view). The 375 px phone at DPR 2
 *   has a budget of 600 KB (issue 16; ADR 037).
 *
 * The photos are photo-like (a scene with grain at several scales, `makeTestJpeg({ texture })`),
 * 1600 × 1200, so their AVIF and WebP files are about as large as a real photo's. They are
 * made through the app's own upload pipeline and repositories (tests/support/photos.ts).
 */
import type { Browser, CDPSession } from "@playwright/test";
import { createTestAccount } from "#tests/support/accounts.ts";
import { openTestStorage, seedPhoto } from "#tests/support/photos.ts";
import { openDatabase } from "#app/server/db/index.server.ts";
import { serviceSlugs } from "#app/schemas/content.ts";
import { kb } from "#scripts/bench/format.ts";
import { CHROME_FLAGS, lighthouseSection, lighthouseTable, runLighthouse } from "#scripts/bench/lighthouse.ts";
import type { BenchContext, BenchSection, Budget, SiteServer, Table } from "#scripts/bench/types.ts";

const LIGHTHOUSE_PHOTOS = 48;
const BYTES_PHOTOS = 100;
const PHOTO_WIDTH = 1600;
const PHOTO_HEIGHT = 1200;

/** The first view of /gallery with 100 photos on a 375 px phone at DPR 2: at most this (issue 16). */
const PHONE_FIRST_VIEW_BUDGET_KB = 600;

const VIEWS = [
  { name: "phone 375 px, DPR 2", width: 375, height: 812, scale: 2, mobile: true },
  { name: "phone 375 px, DPR 3", width: 375, height: 812, scale: 3, mobile: true },
  { name: "desktop 1366 px, DPR 1", width: 1366, height: 768, scale: 1, mobile: false },
  { name: "desktop 1440 px, DPR 2", width: 1440, height: 900, scale: 2, mobile: false },
] as const;

export interface ViewFigures {
  view: string;
  requests: number;
  totalBytes: number;
  documentBytes: number;
  imageRequests: number;
  imageBytes: number;
  /** Image files by format, e.g. { avif: 9 }. */
  imageFormats: Record<string, number>;
  /** The widths of the variants fetched (from their names), e.g. { 640: 9 }. */
  imageWidths: Record<string, number>;
}

/** Publishes `count` photos, spread over the services, into the server's database and storage. */
async function seedPhotos(ctx: BenchContext, server: SiteServer, from: number, count: number): Promise<void> {
  const database = await openDatabase({ dataDir: server.dataDir });
  try {
    const storage = await openTestStorage(server.dataDir);
    for (let i = from; i < from + count; i++) {
      const category = serviceSlugs[i % serviceSlugs.length]!;
      await seedPhoto(
        { database, storage, dataDir: server.dataDir },
        {
          category,
          caption: `Finished ${category} job number ${i + 1} in Houston`,
          alt: `Finished ${category} job, photo ${i + 1}`,
          width: PHOTO_WIDTH,
          height: PHOTO_HEIGHT,
          hue: (i * 47) % 360,
          texture: true,
        },
      );
      if ((i + 1) % 10 === 0) ctx.log(`gallery: ${i + 1} photos published`);
    }
  } finally {
    await database.close();
  }
}

/**
 * Photos seeded straight into the database: an admin action empties the page cache (and the
 * site's copy), as publishing does. `what` names the caches in the error.
 */
export async function emptyPageCache(server: SiteServer, what = "the page cache"): Promise<void> {
  const admin = await createTestAccount({ dataDir: server.dataDir }, { role: "admin" });
  const response = await fetch(`${server.url}/admin/gallery`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, Cookie: admin.cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: "intent=uncover&service=fences",
  });
  if (response.status !== 302) throw new Error(`emptying ${what}: /admin/gallery answered ${response.status}`);
}

/** The address of the gallery's first photo's page, read from the grid's first link. */
async function firstPhotoPage(server: SiteServer): Promise<string> {
  const html = await (await fetch(`${server.url}/gallery`)).text();
  const href = /<a class="photo__link" href="(\/gallery\/photo\/[^"]+)"/.exec(html)?.[1];
  if (!href) throw new Error("the gallery's first photo has no page link");
  return href;
}

export async function firstView(browser: Browser, url: string, view: (typeof VIEWS)[number]): Promise<ViewFigures> {
  const context = await browser.newContext({
    viewport: { width: view.width, height: view.height },
    // The screen is the viewport's size, as on a phone (Chromium picks the first images' files
    // before layout from it too).
    screen: { width: view.width, height: view.height },
    deviceScaleFactor: view.scale,
    isMobile: view.mobile,
    hasTouch: view.mobile,
  });
  try {
    const page = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(page);
    const requests = new Map<string, { url: string; type: string }>();
    const finished = new Map<string, number>();
    cdp.on("Network.requestWillBeSent", (event) => {
      if (!event.request.url.startsWith("data:")) requests.set(event.requestId, { url: event.request.url, type: event.type ?? "Other" });
    });
    cdp.on("Network.loadingFinished", (event) => {
      finished.set(event.requestId, event.encodedDataLength);
    });
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    const response = await page.goto(url, { waitUntil: "load" });
    if (response?.status() !== 200) throw new Error(`${url} answered ${response?.status()}`);
    await page.waitForLoadState("networkidle");

    const figures: ViewFigures = {
      view: view.name,
      requests: 0,
      totalBytes: 0,
      documentBytes: 0,
      imageRequests: 0,
      imageBytes: 0,
      imageFormats: {},
      imageWidths: {},
    };
    for (const [id, request] of requests) {
      const bytes = finished.get(id) ?? 0;
      figures.requests += 1;
      figures.totalBytes += bytes;
      if (request.type === "Document") figures.documentBytes += bytes;
      if (request.type === "Image") {
        figures.imageRequests += 1;
        figures.imageBytes += bytes;
        const name = /-(\d+)\.(\w+)$/.exec(new URL(request.url).pathname);
        if (name) {
          figures.imageFormats[name[2]!] = (figures.imageFormats[name[2]!] ?? 0) + 1;
          figures.imageWidths[name[1]!] = (figures.imageWidths[name[1]!] ?? 0) + 1;
        }
      }
    }
    return figures;
  } finally {
    await context.close();
  }
}

/** A cold first view of `url` at each of VIEWS, in one Chromium started and closed here. */
export async function firstViews(ctx: BenchContext, url: string, label: string): Promise<ViewFigures[]> {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    args: CHROME_FLAGS.filter((flag) => !flag.startsWith("--headless")),
  });
  ctx.onCleanup(() => browser.close());
  const views: ViewFigures[] = [];
  try {
    for (const view of VIEWS) {
      views.push(await firstView(browser, url, view));
      ctx.log(`${label}: first view at ${view.name}: ${kb(views.at(-1)!.totalBytes)} KB`);
    }
  } finally {
    await browser.close();
  }
  return views;
}

/** One row per view: requests, bytes (total, HTML, images) and which image files were fetched. */
export function firstViewTable(title: string, views: readonly ViewFigures[]): Table {
  return {
    title,
    columns: ["View", "Requests", "Total KB", "HTML KB", "Images", "Image KB", "Formats", "Widths"],
    rows: views.map((v) => [
      v.view,
      v.requests,
      kb(v.totalBytes),
      kb(v.documentBytes),
      v.imageRequests,
      kb(v.imageBytes),
      describeCounts(v.imageFormats),
      describeCounts(v.imageWidths),
    ]),
  };
}

const describeCounts = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([key, n]) => `${n}× ${key}`)
    .join(", ") || "–";

export const gallerySection: BenchSection = {
  name: "gallery",
  title: `/gallery: Lighthouse mobile with ${LIGHTHOUSE_PHOTOS} photos, and its first photo's page`,
  preflight: lighthouseSection.preflight,

  async run(ctx) {
    const server = await ctx.startServer();
    ctx.log(`gallery: publishing ${LIGHTHOUSE_PHOTOS} photos of ${PHOTO_WIDTH} × ${PHOTO_HEIGHT} px`);
    await seedPhotos(ctx, server, 0, LIGHTHOUSE_PHOTOS);
    await emptyPageCache(server);
    // The first photo's own page too (ADR 036): its large picture is that page's LCP.
    const photoPage = await firstPhotoPage(server);
    const lighthouse = await runLighthouse(ctx, server.url, ["/gallery", photoPage]);
    await server.stop();
    const notes = lighthouse.pages.flatMap((page, i) => {
      const label = i === 0 ? "/gallery" : "a photo's page";
      const failing = (page?.failingAudits ?? []).map(
        (audit) =>
          `Lighthouse ${label} failing audit ${audit.category}/${audit.id} "${audit.title}"` +
          `${audit.displayValue ? ` (${audit.displayValue})` : ""}${audit.examples.length ? `: ${audit.examples.slice(0, 3).join("; ")}` : ""}`,
      );
      return failing.length > 0 ? failing : [`Lighthouse ${label}: no failing audit.`];
    });
    return {
      figures: {
        photoSize: { width: PHOTO_WIDTH, height: PHOTO_HEIGHT },
        lighthouse: {
          photos: LIGHTHOUSE_PHOTOS,
          version: lighthouse.lighthouseVersion,
          settings: lighthouse.settings,
          page: lighthouse.pages[0],
          photoPage: lighthouse.pages[1],
        },
      },
      tables: [
        {
          ...lighthouseTable(lighthouse.pages),
          title: `Lighthouse mobile, /gallery and its first photo's page with ${LIGHTHOUSE_PHOTOS} photos published`,
        },
      ],
      notes,
    };
  },
};

export const galleryBytesSection: BenchSection = {
  name: "gallery-bytes",
  title: `/gallery: bytes of a first view with ${BYTES_PHOTOS} photos, on phones and desktops (budget ${PHONE_FIRST_VIEW_BUDGET_KB} KB at 375 px, DPR 2)`,
  preflight: lighthouseSection.preflight,

  async run(ctx) {
    const server = await ctx.startServer();
    ctx.log(`gallery-bytes: publishing ${BYTES_PHOTOS} photos of ${PHOTO_WIDTH} × ${PHOTO_HEIGHT} px`);
    await seedPhotos(ctx, server, 0, BYTES_PHOTOS);
    await emptyPageCache(server);
    let views: ViewFigures[];
    try {
      views = await firstViews(ctx, `${server.url}/gallery`, "gallery-bytes");
    } finally {
      await server.stop();
    }

    const bytesTable = firstViewTable(
      `First view of /gallery with ${BYTES_PHOTOS} photos published (cold cache, until load and a quiet network)`,
      views,
    );
    const phone = views.find((v) => v.view === "phone 375 px, DPR 2");
    const budgets: Budget[] = phone
      ? [
          {
            label: `/gallery first view, 375 px phone at DPR 2, ${BYTES_PHOTOS} photos`,
            value: Number(kb(phone.totalBytes)),
            limit: PHONE_FIRST_VIEW_BUDGET_KB,
            unit: "KB",
          },
        ]
      : [];
    return {
      figures: { photoSize: { width: PHOTO_WIDTH, height: PHOTO_HEIGHT }, firstView: { photos: BYTES_PHOTOS, views } },
      tables: [bytesTable],
      notes: ["KB are 1,024 bytes, as transferred (encoded, headers included)."],
      budgets,
    };
  },
};
