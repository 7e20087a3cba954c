import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { isPreviewable, percentSent } from "#app/components/admin/gallery-upload.ts";
import { formatMegabytes } from "#app/schemas/photo-view.ts";

describe("upload helpers", () => {
  it("counts whole percent, 100 only when everything is sent", () => {
    expect(percentSent(0, 1000)).toBe(0);
    expect(percentSent(999, 1000)).toBe(99);
    expect(percentSent(1000, 1000)).toBe(100);
    expect(percentSent(5, 0)).toBe(0);
  });

  it("writes the size limit as the admin reads it", () => {
    expect(formatMegabytes(30 * 1024 * 1024)).toBe("30 MB");
    expect(formatMegabytes(1.5 * 1024 * 1024)).toBe("1.5 MB");
  });

  it("previews only what a browser can show, judged by the first bytes", async () => {
    const pixel = sharp({ create: { width: 2, height: 2, channels: 3, background: "#c33" } });
    for (const image of [pixel.clone().jpeg(), pixel.clone().png(), pixel.clone().gif(), pixel.clone().webp(), pixel.clone().avif()]) {
      expect(isPreviewable(new Uint8Array((await image.toBuffer()).subarray(0, 16)))).toBe(true);
    }
    const heic = Buffer.from("\0\0\0\x18ftypheic\0\0\0\0", "latin1");
    expect(isPreviewable(heic)).toBe(false);
    expect(isPreviewable(Buffer.from("%PDF-1.4\n%more bytes"))).toBe(false);
    expect(isPreviewable(new Uint8Array(0))).toBe(false);
  });
});
