/**
 * Makes the back office's app icons (public/icons/admin-*.png) from public/icons/admin-icon.svg.
 * Run after changing the drawing: `node scripts/make-admin-icons.ts`; the PNGs are committed.
 * The drawing keeps its content inside the centre 80%, so the same image serves as the
 * maskable icon (a phone may crop it to a circle).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

const dir = path.join(import.meta.dirname, "..", "public", "icons");
const svg = await readFile(path.join(dir, "admin-icon.svg"));

for (const size of [192, 512]) {
  await sharp(svg, { density: 300 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(dir, `admin-${size}.png`));
}
// The status-bar badge: a white silhouette on transparent (Android shows only the alpha).
const badge = await sharp(svg, { density: 300 }).resize(96, 96).greyscale().raw().toBuffer({ resolveWithObject: true });
const alpha = Buffer.alloc(96 * 96);
for (let i = 0; i < alpha.length; i++) alpha[i] = badge.data[i * badge.info.channels]! > 128 ? 255 : 0;
await sharp({ create: { width: 96, height: 96, channels: 3, background: "#ffffff" } })
  .joinChannel(alpha, { raw: { width: 96, height: 96, channels: 1 } })
  .png({ compressionLevel: 9 })
  .toFile(path.join(dir, "admin-badge-96.png"));
console.log("admin icons written to", dir);
