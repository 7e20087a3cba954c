/**
 * Makes the public site's PNG icons from its mark (docs/decisions/063-gallery-on-a-phone-and-site-icons.md):
 * public/apple-touch-icon.png (180, what an iPhone's home screen shows), public/icons/site-192.png
 * and site-512.png (Android and search results) from public/icons/site-icon.svg, and
 * public/icons/site-32.png (a browser tab, where SVG is not read) from public/images/favicon.svg.
 * Run after changing a drawing: `node scripts/make-site-icons.ts`; the PNGs are committed.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

const root = path.join(import.meta.dirname, "..", "public");
const navy = "#1f3a5f";

/** Every size this script writes, by path under public/: read back by scripts/make-site-icons.test.ts. */
export const SITE_ICONS = [
  { file: "apple-touch-icon.png", size: 180, source: "icons/site-icon.svg", opaque: true },
  { file: "icons/site-192.png", size: 192, source: "icons/site-icon.svg", opaque: true },
  { file: "icons/site-512.png", size: 512, source: "icons/site-icon.svg", opaque: true },
  { file: "icons/site-32.png", size: 32, source: "images/favicon.svg", opaque: false },
] as const;

/** Draws every icon from the drawings under public/ into `outDir` (public/ itself unless a test says otherwise). */
export async function makeSiteIcons(outDir = root): Promise<void> {
  for (const icon of SITE_ICONS) {
    const svg = await readFile(path.join(root, icon.source));
    let image = sharp(svg, { density: 600 }).resize(icon.size, icon.size);
    // iOS paints a transparent pixel black: the home-screen icons carry no alpha at all.
    if (icon.opaque) image = image.flatten({ background: navy }).removeAlpha();
    await image.png({ compressionLevel: 9 }).toFile(path.join(outDir, icon.file));
  }
}

if (import.meta.main) {
  await makeSiteIcons();
  console.log("site icons written under", root);
}
