/**
 * The share card: the picture a shared link shows when neither the page nor the home hero has a
 * photo big enough (docs/decisions/058-share-images-and-a-quiet-start.md). An SVG with the
 * business name, phone and city, made into a 1200 × 630 PNG with sharp. Its version is a hash
 * of the SVG, so a change of name, phone or city (or of the drawing) gives it a new address
 * (`/og/default.png?v=…`): the profile's save drops the cached pages, and the pages drawn anew
 * name the new version. The PNG is made once per version and kept in memory.
 */
import { createHash } from "node:crypto";
import sharp from "sharp";
import { SHARE_CARD_PATH, SHARE_IMAGE_SIZE, photoShareImage, type ShareImage } from "#app/schemas/share-image.ts";
import type { SiteContent } from "#app/server/site/types.server.ts";

type CardText = Pick<SiteContent["profile"], "name" | "phone" | "city" | "region">;

const { width: W, height: H } = SHARE_IMAGE_SIZE;
const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif";
/** Left and right margin of the text. */
const MARGIN = 80;

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);

/** How many letters of the name fit on a line at a font size. */
const perLineAt = (size: number) => Math.floor((W - 2 * MARGIN) / (size * 0.62));

/**
 * The name in at most three lines (two at the larger sizes), as large as fits: a bold sans-serif
 * letter is about 0.62 of its size wide on average, which decides how many letters a line holds.
 */
export function fitName(name: string): { size: number; lines: string[] } {
  const words = name.trim().split(/\s+/);
  for (let size = 92; size >= 44; size -= 8) {
    const perLine = perLineAt(size);
    const lines: string[] = [];
    for (const word of words) {
      const last = lines.at(-1);
      if (last !== undefined && `${last} ${word}`.length <= perLine) lines[lines.length - 1] = `${last} ${word}`;
      else lines.push(word);
    }
    if (lines.length <= (size > 64 ? 2 : 3) && lines.every((line) => line.length <= perLine)) return { size, lines };
  }
  // A word longer than a line: cut it where the line ends.
  const perLine = perLineAt(44);
  const text = name.trim();
  const lines = [0, 1, 2].map((i) => text.slice(i * perLine, (i + 1) * perLine)).filter(Boolean);
  if (text.length > 3 * perLine) lines[2] = `${lines[2]!.slice(0, -1)}…`;
  return { size: 44, lines };
}

/** The card's drawing: a dark blue field, a roof line, the name, the phone, the city. */
export function shareCardSvg(profile: CardText): string {
  const { size, lines } = fitName(profile.name);
  // The last line's baseline stays put; longer names grow upwards, towards the roof line.
  const firstBaseline = 330 - (lines.length - 1) * size * 1.1;
  const nameLines = lines
    .map(
      (line, i) =>
        `<text x="${MARGIN}" y="${Math.round(firstBaseline + i * size * 1.1)}" font-size="${size}" font-weight="700">${escapeXml(line)}</text>`,
    )
    .join("");
  const place = [profile.city, profile.region].filter(Boolean).join(", ");
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    `<rect width="${W}" height="${H}" fill="#1f3a5f"/>`,
    `<rect y="${H - 24}" width="${W}" height="24" fill="#e0a526"/>`,
    `<path d="M${MARGIN} 120 L${MARGIN + 60} 72 L${MARGIN + 120} 120" fill="none" stroke="#e0a526" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>`,
    `<g fill="#ffffff" font-family="${FONT}">${nameLines}`,
    `<text x="${MARGIN}" y="440" font-size="56" font-weight="700">${escapeXml(profile.phone)}</text>`,
    `<text x="${MARGIN}" y="510" font-size="36" fill="#d6e2f0">${escapeXml(place ? `Home repair and remodeling in ${place}` : "Home repair and remodeling")}</text>`,
    `</g></svg>`,
  ].join("");
}

export interface ShareCard {
  version: string;
  png: Buffer;
}

export interface ShareCards {
  /** The card for the business as it is now, made on the first ask after a change. */
  card(profile: CardText): Promise<ShareCard>;
  /** What a page offers when it has no photo of its own: the home photo, else the card. */
  fallback(content: { profile: CardText; photos: { hero: Parameters<typeof photoShareImage>[0] } }): ShareImage;
}

const versionOf = (svg: string) => createHash("sha256").update(svg).digest("hex").slice(0, 12);

export function createShareCards(): ShareCards {
  // One version at a time: the last one made (a profile change makes the next).
  let current: { version: string; png: Promise<Buffer> } | null = null;
  return {
    async card(profile) {
      const svg = shareCardSvg(profile);
      const version = versionOf(svg);
      let made = current?.version === version ? current : null;
      if (!made) {
        const png = sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
        made = current = { version, png };
        // A failed drawing is tried again on the next ask, not kept.
        png.catch(() => {
          if (current?.png === png) current = null;
        });
      }
      return { version, png: await made.png };
    },
    fallback({ profile, photos }) {
      const hero = photoShareImage(photos.hero);
      if (hero) return hero;
      const place = [profile.city, profile.region].filter(Boolean).join(", ");
      return {
        src: `${SHARE_CARD_PATH}?v=${versionOf(shareCardSvg(profile))}`,
        ...SHARE_IMAGE_SIZE,
        type: "image/png",
        alt: `${profile.name}, home repair and remodeling${place ? ` in ${place}` : ""}. Call ${profile.phone}.`,
      };
    },
  };
}
