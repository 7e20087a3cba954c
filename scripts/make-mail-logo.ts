/**
 * Makes the logo emails show (public/images/logo-mail.png) from public/images/logo.svg: mail
 * clients show no SVG (ADR 062). 80 px, drawn at 40 in the email's header: sharp on a phone's
 * screen. Run after changing the logo: `node scripts/make-mail-logo.ts`; the PNG is committed.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

const dir = path.join(import.meta.dirname, "..", "public", "images");
const svg = await readFile(path.join(dir, "logo.svg"));
await sharp(svg, { density: 300 }).resize(80, 80).png({ compressionLevel: 9, palette: true }).toFile(path.join(dir, "logo-mail.png"));
console.log("mail logo written to", path.join(dir, "logo-mail.png"));
