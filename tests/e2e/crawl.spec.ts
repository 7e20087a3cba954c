/**
 * Follows every internal link from the home page, visiting each page once.
 * No page may answer with an error; every <img> must carry width, height and
 * alt; every image and stylesheet a page references must load with 200.
 */
import { expect, footerLinks, legalPaths, mainNavLinks, services, test } from "#tests/e2e/helpers.ts";

interface PageFacts {
  links: string[];
  images: { src: string; width: string | null; height: string | null; alt: string | null; html: string }[];
  assets: string[];
}

test("crawl from / reaches every linked page without errors or broken assets", async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL ?? "").origin;
  const problems: string[] = [];
  const visited = new Set<string>();
  const queue: string[] = ["/"];
  const assetStatus = new Map<string, number>();
  let current = "/";
  // Broken asset → status (or network error) → the pages that reference it.
  const brokenAssets = new Map<string, Map<string, Set<string>>>();
  const brokenAsset = (url: string, status: string, onPage: string) => {
    const byStatus = brokenAssets.get(url) ?? new Map<string, Set<string>>();
    byStatus.set(status, (byStatus.get(status) ?? new Set<string>()).add(onPage));
    brokenAssets.set(url, byStatus);
  };

  // Anything the browser itself fails to load while on a page.
  page.on("response", (response) => {
    if (response.status() >= 400 && response.request().resourceType() !== "document") {
      brokenAsset(response.url(), `${response.status()}`, current);
    }
  });
  page.on("requestfailed", (req) => {
    // Leaving a page cancels what it was still loading; that is not a failure.
    if (req.failure()?.errorText === "net::ERR_ABORTED") return;
    brokenAsset(req.url(), req.failure()?.errorText ?? "failed", current);
  });

  while (queue.length > 0) {
    const path = queue.shift() as string;
    if (visited.has(path)) continue;
    visited.add(path);
    current = path;

    const response = await page.goto(path);
    const status = response?.status() ?? 0;
    if (status >= 400 || status === 0) {
      problems.push(`${path}: page answered ${status}`);
      continue;
    }
    if (!(response?.headers()["content-type"] ?? "").includes("text/html")) continue;

    const facts: PageFacts = await page.evaluate(() => ({
      links: Array.from(document.querySelectorAll<HTMLAnchorElement>("a[href]"), (a) => a.href),
      images: Array.from(document.images, (img) => ({
        src: img.currentSrc || img.src,
        width: img.getAttribute("width"),
        height: img.getAttribute("height"),
        alt: img.getAttribute("alt"),
        html: img.outerHTML.slice(0, 160),
      })),
      assets: [
        ...Array.from(document.images, (img) => img.currentSrc || img.src),
        ...Array.from(
          document.querySelectorAll<HTMLLinkElement>('link[rel~="stylesheet"], link[rel~="icon"], link[rel="preload"][as="image"]'),
          (link) => link.href,
        ),
      ],
    }));

    for (const image of facts.images) {
      if (!image.width || !/^\d+$/.test(image.width)) problems.push(`${path}: img without a numeric width: ${image.html}`);
      if (!image.height || !/^\d+$/.test(image.height)) problems.push(`${path}: img without a numeric height: ${image.html}`);
      if (image.alt === null) problems.push(`${path}: img without an alt attribute: ${image.html}`);
    }

    for (const asset of new Set(facts.assets)) {
      if (!asset || new URL(asset).origin !== origin) continue;
      if (!assetStatus.has(asset)) assetStatus.set(asset, (await request.get(asset)).status());
      const assetCode = assetStatus.get(asset);
      if (assetCode !== 200) brokenAsset(asset, String(assetCode), path);
    }

    for (const href of facts.links) {
      const url = new URL(href);
      if (url.origin !== origin) continue; // tel:, mailto: and other sites
      const next = url.pathname + url.search;
      if (!visited.has(next) && !queue.includes(next)) queue.push(next);
    }
  }

  for (const [url, byStatus] of brokenAssets) {
    for (const [status, pages] of byStatus) {
      problems.push(`${url} answered ${status} (referenced by ${[...pages].join(", ")})`);
    }
  }
  expect(problems, "problems found while crawling").toEqual([]);

  // The crawl really went through the site: everything the navigation,
  // the footer and the services page link to was visited.
  const mustVisit = [
    ...mainNavLinks.map((l) => l.path),
    ...Object.values(footerLinks).flatMap((links) => links.map((l) => l.path)),
    ...services.map((s) => `/${s.slug}`),
    // The footer's account link and policy line, and the sign-up and forgot-password links on /login.
    "/login",
    "/signup",
    "/forgot-password",
    ...legalPaths,
  ];
  expect([...visited]).toEqual(expect.arrayContaining(mustVisit));
});
