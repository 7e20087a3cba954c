/**
 * Photo-like JPEGs of finished work, drawn with sharp: a kitchen, a bathroom, a floor, a repaired
 * wall and door, a fence, each in soft light with a fine grey grain, so a page shows what a
 * homeowner would see (a room, not a test card) and the files weigh what a phone photo resized
 * for the web weighs. No text on them: real photos carry none.
 */
import sharp from "sharp";

export type SceneKind = "kitchen" | "bathroom" | "floor" | "repair" | "fences" | "before";

/** One colour in HSL (lightness kept within 0 to 100). */
const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(h) % 360},${s}%,${Math.max(0, Math.min(100, l))}%)`;

function rows(count: number, draw: (i: number) => string): string {
  return Array.from({ length: count }, (_, i) => draw(i)).join("");
}

/** The window every room has: daylight is what makes a remodel photo. */
function window(x: number, y: number, w: number, h: number): string {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#sky)" stroke="#f4f1ea" stroke-width="18"/>
    <line x1="${x + w / 2}" y1="${y}" x2="${x + w / 2}" y2="${y + h}" stroke="#f4f1ea" stroke-width="10"/>
    <line x1="${x}" y1="${y + h / 2}" x2="${x + w}" y2="${y + h / 2}" stroke="#f4f1ea" stroke-width="10"/>`;
}

function kitchen(w: number, h: number, hue: number): string {
  const cabinet = hsl(hue, 35, 38);
  const cabinetLight = hsl(hue, 30, 46);
  const counterY = h * 0.58;
  return `<rect width="${w}" height="${h * 0.75}" fill="url(#wall)"/>
    ${window(w * 0.38, h * 0.1, w * 0.24, h * 0.28)}
    ${rows(3, (i) => `<rect x="${w * 0.04 + i * w * 0.1}" y="${h * 0.08}" width="${w * 0.095}" height="${h * 0.3}" rx="4" fill="${cabinet}" stroke="${cabinetLight}" stroke-width="6"/>`)}
    ${rows(3, (i) => `<rect x="${w * 0.66 + i * w * 0.1}" y="${h * 0.08}" width="${w * 0.095}" height="${h * 0.3}" rx="4" fill="${cabinet}" stroke="${cabinetLight}" stroke-width="6"/>`)}
    <rect x="0" y="${h * 0.4}" width="${w}" height="${counterY - h * 0.4}" fill="url(#subway)"/>
    <rect x="0" y="${counterY}" width="${w}" height="${h * 0.03}" fill="#e9e6df"/>
    ${rows(8, (i) => `<rect x="${i * w * 0.125 + 6}" y="${counterY + h * 0.03}" width="${w * 0.125 - 12}" height="${h * 0.16}" fill="${cabinet}" stroke="${cabinetLight}" stroke-width="5"/><rect x="${i * w * 0.125 + w * 0.05}" y="${counterY + h * 0.06}" width="${w * 0.025}" height="8" rx="4" fill="#c9a64a"/>`)}
    <rect x="0" y="${h * 0.75}" width="${w}" height="${h * 0.25}" fill="url(#wood)"/>
    <rect x="${w * 0.18}" y="${h * 0.7}" width="${w * 0.64}" height="${h * 0.045}" fill="#f2f0ec"/>
    <rect x="${w * 0.2}" y="${h * 0.745}" width="${w * 0.6}" height="${h * 0.22}" fill="${hsl(hue, 30, 32)}"/>`;
}

function bathroom(w: number, h: number, hue: number): string {
  return `<rect width="${w}" height="${h}" fill="url(#tile)"/>
    <rect x="${w * 0.06}" y="${h * 0.05}" width="${w * 0.46}" height="${h * 0.8}" fill="${hsl(hue, 8, 78)}" opacity="0.35"/>
    <rect x="${w * 0.06}" y="${h * 0.05}" width="${w * 0.46}" height="${h * 0.8}" fill="url(#glass)" stroke="#d8dde0" stroke-width="8"/>
    <circle cx="${w * 0.3}" cy="${h * 0.16}" r="${w * 0.04}" fill="#9aa3a8"/>
    <rect x="${w * 0.1}" y="${h * 0.62}" width="${w * 0.2}" height="${h * 0.06}" fill="${hsl(hue, 10, 60)}"/>
    <rect x="${w * 0.58}" y="${h * 0.52}" width="${w * 0.38}" height="${h * 0.04}" fill="#eeeeea"/>
    <rect x="${w * 0.6}" y="${h * 0.56}" width="${w * 0.34}" height="${h * 0.26}" fill="${hsl(hue + 20, 25, 40)}"/>
    <line x1="${w * 0.77}" y1="${h * 0.56}" x2="${w * 0.77}" y2="${h * 0.82}" stroke="${hsl(hue + 20, 25, 30)}" stroke-width="6"/>
    <ellipse cx="${w * 0.68}" cy="${h * 0.32}" rx="${w * 0.06}" ry="${h * 0.12}" fill="url(#sky)" stroke="#c9a64a" stroke-width="8"/>
    <ellipse cx="${w * 0.87}" cy="${h * 0.32}" rx="${w * 0.06}" ry="${h * 0.12}" fill="url(#sky)" stroke="#c9a64a" stroke-width="8"/>
    <rect x="0" y="${h * 0.85}" width="${w}" height="${h * 0.15}" fill="${hsl(hue, 6, 70)}"/>`;
}

function floor(w: number, h: number, hue: number): string {
  const horizon = h * 0.42;
  const planks = rows(14, (i) => {
    const x = -w * 0.5 + (i * w * 2) / 13;
    return `<line x1="${w * 0.2 + (i * w * 0.6) / 13}" y1="${horizon}" x2="${x}" y2="${h}" stroke="${hsl(30, 35, 30)}" stroke-width="3" opacity="0.55"/>`;
  });
  return `<rect width="${w}" height="${horizon}" fill="url(#wall)"/>
    ${window(w * 0.55, h * 0.06, w * 0.28, h * 0.3)}
    <rect x="0" y="${horizon - h * 0.03}" width="${w}" height="${h * 0.03}" fill="#f4f1ea"/>
    <polygon points="0,${horizon} ${w},${horizon} ${w},${h} 0,${h}" fill="url(#wood)"/>
    ${planks}
    <polygon points="${w * 0.5},${horizon + 10} ${w * 0.85},${horizon + 10} ${w},${h * 0.8} ${w * 0.55},${h * 0.8}" fill="#fff6d8" opacity="0.22"/>
    <rect x="${w * 0.06}" y="${h * 0.26}" width="${w * 0.3}" height="${h * 0.2}" rx="20" fill="${hsl(hue, 25, 45)}"/>
    <rect x="${w * 0.04}" y="${h * 0.4}" width="${w * 0.34}" height="${h * 0.1}" rx="16" fill="${hsl(hue, 25, 38)}"/>`;
}

function repair(w: number, h: number, hue: number): string {
  return `<rect width="${w}" height="${h}" fill="${hsl(hue, 18, 80)}"/>
    <rect width="${w}" height="${h}" fill="url(#shade)"/>
    <rect x="${w * 0.36}" y="${h * 0.1}" width="${w * 0.3}" height="${h * 0.78}" fill="#f6f4ef"/>
    <rect x="${w * 0.39}" y="${h * 0.14}" width="${w * 0.24}" height="${h * 0.74}" fill="${hsl(hue + 180, 30, 30)}"/>
    ${rows(3, (i) => `<rect x="${w * 0.42}" y="${h * (0.18 + i * 0.22)}" width="${w * 0.18}" height="${h * 0.18}" fill="none" stroke="${hsl(hue + 180, 30, 24)}" stroke-width="8"/>`)}
    <circle cx="${w * 0.6}" cy="${h * 0.52}" r="${w * 0.012}" fill="#c9a64a"/>
    <rect x="0" y="${h * 0.88}" width="${w}" height="${h * 0.04}" fill="#f6f4ef"/>
    <rect x="0" y="${h * 0.92}" width="${w}" height="${h * 0.08}" fill="url(#wood)"/>
    ${window(w * 0.74, h * 0.18, w * 0.2, h * 0.36)}
    <rect x="${w * 0.05}" y="${h * 0.22}" width="${w * 0.22}" height="${h * 0.28}" fill="${hsl(hue + 40, 30, 55)}" stroke="#3b3327" stroke-width="10"/>`;
}

function fences(w: number, h: number, hue: number): string {
  const top = h * 0.3;
  const boards = rows(40, (i) => {
    const x = i * (w / 40);
    const tone = 28 + ((i * 7) % 5) * 2 + (hue % 7);
    return `<polygon points="${x},${top + 14} ${x + w / 80},${top} ${x + w / 40},${top + 14} ${x + w / 40},${h * 0.86} ${x},${h * 0.86}" fill="${hsl(24, 45, tone + 14)}" stroke="${hsl(24, 40, tone)}" stroke-width="3"/>`;
  });
  return `<rect width="${w}" height="${h}" fill="url(#sky)"/>
    <ellipse cx="${w * 0.2}" cy="${h * 0.22}" rx="${w * 0.22}" ry="${h * 0.2}" fill="${hsl(110, 30, 32)}"/>
    <ellipse cx="${w * 0.8}" cy="${h * 0.18}" rx="${w * 0.18}" ry="${h * 0.16}" fill="${hsl(100, 28, 36)}"/>
    ${boards}
    <rect x="0" y="${h * 0.45}" width="${w}" height="${h * 0.02}" fill="${hsl(24, 40, 30)}"/>
    <rect x="${w * 0.55}" y="${top}" width="${w * 0.16}" height="${h * 0.56}" fill="none" stroke="#2d2a26" stroke-width="10"/>
    <rect x="0" y="${h * 0.86}" width="${w}" height="${h * 0.14}" fill="${hsl(95, 40, 36)}"/>`;
}

function before(w: number, h: number, hue: number): string {
  // The old bathroom: beige tile with dark grout lines, a stained tub, a crack.
  return `<rect width="${w}" height="${h}" fill="${hsl(40, 30, 72)}"/>
    ${rows(12, (i) => `<line x1="0" y1="${i * h * 0.085}" x2="${w}" y2="${i * h * 0.085}" stroke="${hsl(35, 20, 45)}" stroke-width="4"/>`)}
    ${rows(14, (i) => `<line x1="${i * w * 0.075}" y1="0" x2="${i * w * 0.075}" y2="${h}" stroke="${hsl(35, 20, 45)}" stroke-width="4"/>`)}
    <polyline points="${w * 0.7},${h * 0.1} ${w * 0.66},${h * 0.24} ${w * 0.72},${h * 0.33} ${w * 0.68},${h * 0.46}" fill="none" stroke="#4a4036" stroke-width="5"/>
    <rect x="${w * 0.05}" y="${h * 0.55}" width="${w * 0.9}" height="${h * 0.3}" rx="30" fill="${hsl(hue % 40, 20, 86)}" stroke="${hsl(40, 15, 60)}" stroke-width="8"/>
    <rect x="0" y="${h * 0.85}" width="${w}" height="${h * 0.15}" fill="${hsl(30, 15, 55)}"/>`;
}

const painters: Record<SceneKind, (w: number, h: number, hue: number) => string> = { kitchen, bathroom, floor, repair, fences, before };

/** The gradients and patterns the scenes share. */
function defs(w: number, h: number, hue: number): string {
  const tile = Math.round(w / 14);
  return `<defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8fc3ea"/><stop offset="1" stop-color="#e4f1fa"/></linearGradient>
    <linearGradient id="wall" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue + 40, 20, 93)}"/><stop offset="1" stop-color="${hsl(hue + 40, 14, 78)}"/></linearGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.15"/><stop offset="0.6" stop-color="#fff" stop-opacity="0.1"/><stop offset="1" stop-color="#000" stop-opacity="0.2"/></linearGradient>
    <linearGradient id="wood" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(32, 45, 58)}"/><stop offset="1" stop-color="${hsl(28, 45, 40)}"/></linearGradient>
    <linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="0.5" stop-color="#fff" stop-opacity="0.05"/><stop offset="1" stop-color="#fff" stop-opacity="0.25"/></linearGradient>
    <pattern id="subway" width="${tile}" height="${tile / 2}" patternUnits="userSpaceOnUse">
      <rect width="${tile}" height="${tile / 2}" fill="#f7f7f4" stroke="#d6d4cf" stroke-width="3"/></pattern>
    <pattern id="tile" width="${tile * 2}" height="${tile}" patternUnits="userSpaceOnUse">
      <rect width="${tile * 2}" height="${tile}" fill="${hsl(hue, 5, 84)}" stroke="${hsl(hue, 5, 70)}" stroke-width="3"/></pattern>
    <radialGradient id="light" cx="0.5" cy="0.2" r="0.9"><stop offset="0" stop-color="#fff" stop-opacity="0.18"/><stop offset="1" stop-color="#000" stop-opacity="0.22"/></radialGradient>
  </defs>`;
}

const grains = new Map<string, Promise<Buffer[]>>();

/** A camera's grain in grey (colour noise reads as a test pattern), fine and a little coarser; made once per size. */
function grainFor(width: number, height: number): Promise<Buffer[]> {
  const key = `${width}x${height}`;
  let grain = grains.get(key);
  if (!grain) {
    grain = Promise.all(
      [3, 1].map((scale) =>
        sharp({
          create: {
            width: Math.ceil(width / scale),
            height: Math.ceil(height / scale),
            channels: 3,
            background: "#808080",
            noise: { type: "gaussian", mean: 128, sigma: 14 },
          },
        })
          .greyscale()
          .resize(width, height, { kernel: "cubic" })
          .png()
          .toBuffer(),
      ),
    );
    grains.set(key, grain);
  }
  return grain;
}

/** A `width` × `height` JPEG of `kind`; `hue` varies the finish so no two photos look alike. */
export async function makeScenePhoto({
  kind,
  width = 1600,
  height = 1200,
  hue = 200,
  quality = 82,
}: {
  kind: SceneKind;
  width?: number;
  height?: number;
  hue?: number;
  quality?: number;
}): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${defs(width, height, hue)}
    ${painters[kind](width, height, hue)}
    <rect width="${width}" height="${height}" fill="url(#light)"/></svg>`;
  const grain = await grainFor(width, height);
  const scene = await sharp(Buffer.from(svg)).blur(0.8).png().toBuffer();
  return sharp(scene)
    .composite(grain.map((input) => ({ input, blend: "soft-light" as const })))
    .jpeg({ quality })
    .toBuffer();
}
