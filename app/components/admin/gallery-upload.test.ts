import { describe, expect, it } from "vitest";
import { canPreviewLocally, formatMegabytes, percentSent } from "./gallery-upload.ts";

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

  it("does not try to preview HEIC in the browser, by name or by type", () => {
    expect(canPreviewLocally({ name: "IMG_0001.HEIC", type: "" })).toBe(false);
    expect(canPreviewLocally({ name: "photo", type: "image/heif" })).toBe(false);
    expect(canPreviewLocally({ name: "IMG_0001.jpg", type: "image/jpeg" })).toBe(true);
  });
});
