import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, test } from "vitest";
import { links } from "#app/root.tsx";
import { SITE_ICONS, makeSiteIcons } from "#scripts/make-site-icons.ts";

const publicDir = path.join(import.meta.dirname, "..", "public");

describe("the site's PNG icons (ADR 063)", () => {
  test.each(SITE_ICONS)("public/$file is a $size px square PNG", async ({ file, size, opaque }) => {
    const meta = await sharp(path.join(publicDir, file)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", size, size]);
    // iOS fills a transparent pixel with black: the home-screen icons have no alpha channel.
    if (opaque) expect(meta.hasAlpha).toBe(false);
  });

  test("the apple-touch-icon's corners are the mark's navy, not black", async () => {
    const { data, info } = await sharp(path.join(publicDir, "apple-touch-icon.png")).raw().toBuffer({ resolveWithObject: true });
    const corner = [...data.subarray(0, info.channels)];
    expect(corner).toEqual([0x1f, 0x3a, 0x5f]);
  });

  let outDir = "";
  afterAll(() => (outDir ? rm(outDir, { recursive: true, force: true }) : undefined));

  test("the committed files are what the script draws from the SVGs today", async () => {
    outDir = await mkdtemp(path.join(tmpdir(), "site-icons-"));
    await mkdir(path.join(outDir, "icons"));
    await makeSiteIcons(outDir);
    for (const { file } of SITE_ICONS) {
      const drawn = await sharp(path.join(outDir, file)).raw().toBuffer();
      const committed = await sharp(path.join(publicDir, file)).raw().toBuffer();
      expect(drawn.equals(committed), `${file}: run node scripts/make-site-icons.ts`).toBe(true);
    }
  });

  test("the root document links every icon but the apple-touch-icon (its Layout writes that one, on public pages only)", () => {
    const hrefs = links().map((link) => ("href" in link ? link.href : undefined));
    for (const { file } of SITE_ICONS.filter((icon) => icon.size !== 180)) expect(hrefs).toContain(`/${file}`);
  });
});
