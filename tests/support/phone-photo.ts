/**
 * A photo as a contractor's phone takes it, for the image bench and the pipeline's memory test:
 * a 12-megapixel JPEG stored 4000 × 3000 with EXIF orientation 6 (held upright, 3000 × 4000),
 * a few MB, with the texture and sensor noise that make encoders work as on a real photo.
 * A flat test card would compress to nothing and understate the time; pure noise (the upload
 * bench's worst case) overstates it.
 */
import sharp from "sharp";

/** A small deterministic generator, so every run measures the same picture. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A room-like scene: a wall gradient, a tiled floor, cabinets, a window, fixtures. */
function sceneSvg(width: number, height: number, seed: number): string {
  const rand = random(seed);
  const shapes: string[] = [];
  const floorTop = Math.round(height * 0.62);
  const tile = Math.round(width / 24);
  for (let y = floorTop; y < height; y += tile) {
    for (let x = 0; x < width; x += tile) {
      const l = 55 + Math.round(rand() * 20);
      shapes.push(`<rect x="${x + 2}" y="${y + 2}" width="${tile - 4}" height="${tile - 4}" fill="hsl(30,25%,${l}%)"/>`);
    }
  }
  for (let i = 0; i < 6; i++) {
    const x = Math.round(width * (0.05 + i * 0.15));
    shapes.push(
      `<rect x="${x}" y="${Math.round(height * 0.35)}" width="${Math.round(width * 0.14)}" height="${Math.round(height * 0.27)}" fill="hsl(${200 + i * 3},20%,${30 + rand() * 10}%)" stroke="#222" stroke-width="6"/>`,
    );
    shapes.push(`<circle cx="${x + width * 0.12}" cy="${height * 0.48}" r="${width * 0.006}" fill="#ccc"/>`);
  }
  shapes.push(
    `<rect x="${width * 0.55}" y="${height * 0.05}" width="${width * 0.3}" height="${height * 0.25}" fill="url(#sky)" stroke="#eee" stroke-width="20"/>`,
  );
  for (let i = 0; i < 200; i++) {
    shapes.push(
      `<ellipse cx="${rand() * width}" cy="${rand() * height * 0.35}" rx="${5 + rand() * 40}" ry="${5 + rand() * 20}" fill="hsl(${rand() * 360},30%,${40 + rand() * 40}%)" opacity="0.5"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs>
      <linearGradient id="wall" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e8dcc8"/><stop offset="1" stop-color="#9c8a70"/></linearGradient>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5b8fd0"/><stop offset="1" stop-color="#cfe3f5"/></linearGradient>
    </defs>
    <rect width="100%" height="100%" fill="url(#wall)"/>
    ${shapes.join("\n")}
  </svg>`;
}

/**
 * The JPEG a phone would upload: `width` × `height` as stored (default 4000 × 3000), quality 90,
 * EXIF orientation 6. Takes about a second to make at 12 MP.
 */
export async function makePhoneJpeg({
  width = 4000,
  height = 3000,
  seed = 1,
}: { width?: number; height?: number; seed?: number } = {}): Promise<Buffer> {
  const scene = await sharp(Buffer.from(sceneSvg(width, height, seed)))
    .removeAlpha()
    .raw()
    .toBuffer();
  // Sensor noise and fine texture, added pixel by pixel (a real photo is never flat).
  const rand = random(seed + 1);
  for (let i = 0; i < scene.length; i++) {
    const noise = (rand() + rand() + rand() - 1.5) * 16;
    scene[i] = Math.max(0, Math.min(255, (scene[i] as number) + noise));
  }
  return sharp(scene, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}
