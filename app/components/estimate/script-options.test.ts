import { describe, expect, it } from "vitest";
import { FORM_TOKEN_PLACEHOLDER } from "#app/form-token.ts";
import { estimateScriptOptions, inlineScriptOptions } from "#app/components/estimate/script-options.ts";
import { SNIFF_BYTES } from "#app/schemas/image-type.ts";
import { photoRefusals } from "#app/server/leads/job-photos/rules.server.ts";

describe("the estimate form's script options", () => {
  it("post to the form's own resource route with the photo limit in bytes", () => {
    const options = estimateScriptOptions("/contact", 12.5);
    expect(options.endpoint).toContain("/estimate-request");
    expect(options.maxPhotoMb).toBe(12.5);
    expect(options.maxPhotoBytes).toBe(Math.floor(12.5 * 1024 * 1024));
    expect(options.tokenPlaceholder).toBe(FORM_TOKEN_PLACEHOLDER);
  });

  it("carry the token placeholder with escaped underscores, so the host does not fill it in", () => {
    const json = JSON.stringify(estimateScriptOptions("/", 10));
    const inline = inlineScriptOptions(json);
    expect(inline).not.toContain(FORM_TOKEN_PLACEHOLDER);
    expect(JSON.parse(inline)).toEqual(JSON.parse(json));
  });

  it("refuse a file that is no photo in the server's own words, reading as many bytes as its check needs", () => {
    const options = estimateScriptOptions("/contact", 10);
    expect(photoRefusals.notAnImage("notes.jpg")).toBe(`“notes.jpg” was not kept: ${options.notPhotoReason}`);
    expect(options.notPhotoReason).toMatch(
      /^it is not a photo we can read\. Please send a JPEG, PNG, WebP, AVIF, GIF or HEIC \(iPhone\) photo\.$/,
    );
    expect(options.sniffBytes).toBe(SNIFF_BYTES);
  });
});
