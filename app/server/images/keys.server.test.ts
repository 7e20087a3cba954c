import { describe, expect, it } from "vitest";
import { assertKey, assertPrefix, contentTypeFor } from "#app/server/storage/blob-store.server.ts";
import { photoKeys } from "#app/server/images/keys.server.ts";
import { VARIANT_WIDTHS } from "#app/server/images/pipeline.server.ts";

describe("photoKeys", () => {
  it("makes deterministic, namespaced keys per photo and version", () => {
    const keys = photoKeys(42, 3);
    expect(keys.prefix).toBe("photos/42/v3/");
    expect(keys.photoPrefix).toBe("photos/42/");
    expect(keys.master(2560)).toBe("photos/42/v3/master-2560.jpg");
    expect(keys.variant("avif", 640)).toBe("photos/42/v3/display-640.avif");
    expect(keys.variant("webp", 1920)).toBe("photos/42/v3/display-1920.webp");
    expect(photoKeys(42, 3).variant("avif", 640)).toBe(keys.variant("avif", 640));
    expect(photoKeys("k3x9-a_b", 1).master(100)).toBe("photos/k3x9-a_b/v1/master-100.jpg");
  });

  it("every key it makes passes the blob store's assertKey, and prefixes pass assertPrefix", () => {
    for (const id of [1, 7, 10, 999_999_999, "abc", "0", "a-b_c", "x".repeat(64)]) {
      for (const version of [1, 2, 10, 12345]) {
        const keys = photoKeys(id, version);
        assertPrefix(keys.prefix, { forDelete: true });
        assertPrefix(keys.photoPrefix, { forDelete: true });
        const all = [
          keys.master(2560),
          keys.master(1),
          ...[1, 200, ...VARIANT_WIDTHS].flatMap((w) => [keys.variant("avif", w), keys.variant("webp", w)]),
        ];
        for (const key of all) {
          expect(() => assertKey(key)).not.toThrow();
          expect(key.startsWith(keys.prefix)).toBe(true);
        }
      }
    }
  });

  it("keys say their content type", () => {
    const keys = photoKeys(1, 1);
    expect(contentTypeFor(keys.master(10))).toBe("image/jpeg");
    expect(contentTypeFor(keys.variant("avif", 10))).toBe("image/avif");
    expect(contentTypeFor(keys.variant("webp", 10))).toBe("image/webp");
  });

  it("one photo's prefix never covers another's (photos/1/ and photos/10/)", () => {
    expect(photoKeys(10, 1).master(5).startsWith(photoKeys(1, 1).photoPrefix)).toBe(false);
    expect(photoKeys(1, 10).master(5).startsWith(photoKeys(1, 1).prefix)).toBe(false);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1, "", "ABC", "a/b", "../x", "a.b", "-a", "x".repeat(65)])(
    "refuses the photo id %j",
    (id) => {
      expect(() => photoKeys(id as number | string, 1)).toThrow(RangeError);
    },
  );

  it.each([0, -2, 1.5, Number.NaN])("refuses the version %j", (version) => {
    expect(() => photoKeys(1, version)).toThrow(RangeError);
  });

  it("refuses widths that are not whole positive pixels and unknown formats", () => {
    const keys = photoKeys(1, 1);
    for (const width of [0, -5, 1.5, Number.NaN, 1e9]) {
      expect(() => keys.master(width)).toThrow(RangeError);
      expect(() => keys.variant("webp", width)).toThrow(RangeError);
    }
    expect(() => keys.variant("png" as "webp", 10)).toThrow(RangeError);
  });
});
