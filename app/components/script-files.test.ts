import { describe, expect, it } from "vitest";
import { dataBlockText, fingerprint, isScriptName, scriptText, scriptUrl } from "#app/components/script-files.ts";

describe("the public pages' script files", () => {
  it("the estimate form's holds its three functions and starts every form from its own options block", () => {
    const text = scriptText("estimate-form");
    for (const name of ["setupEstimateForm", "setupPhotoPicks", "sniffImageType"]) expect(text).toContain(`function ${name}(`);
    expect(text).toContain('document.querySelectorAll("[data-estimate-box]")');
    expect(text).toContain('root.querySelector("script[data-estimate-options]")');
    // And it makes the call bar give way to the form (the home page has no inline copy).
    expect(text).toContain("function hideCallBarNearForm(");
    expect(text).toContain('(document.getElementById("call-bar"),document.getElementById("estimate"));');
  });

  it("the lightbox's starts every grid of photos", () => {
    const text = scriptText("lightbox");
    expect(text).toContain("function setupLightbox(");
    expect(text).toContain('document.querySelectorAll("[data-lightbox-root]")');
  });

  it("each is named with the fingerprint of its text", () => {
    expect(scriptUrl("estimate-form")).toBe(`/scripts/estimate-form.js?v=${fingerprint(scriptText("estimate-form"))}`);
    expect(scriptUrl("lightbox")).toBe(`/scripts/lightbox.js?v=${fingerprint(scriptText("lightbox"))}`);
    expect(isScriptName("lightbox")).toBe(true);
    expect(isScriptName("toString")).toBe(false);
  });

  it("a fingerprint changes with any character", () => {
    expect(fingerprint("const a=1;")).toMatch(/^[0-9a-z]+$/);
    expect(fingerprint("const a=1;")).not.toBe(fingerprint("const a=2;"));
    expect(fingerprint("ab")).not.toBe(fingerprint("ba"));
  });

  it("a data block is written so that no sentence can close its element", () => {
    const block = dataBlockText(JSON.stringify({ words: { sending: "</script><script>alert(1)</script>" } }));
    expect(block).not.toContain("<");
    expect(JSON.parse(block)).toEqual({ words: { sending: "</script><script>alert(1)</script>" } });
  });
});
