import { describe, expect, it } from "vitest";
import { estimateScriptText, estimateScriptUrl, fingerprint, optionsBlockText } from "#app/components/estimate/script-file.ts";

describe("the estimate form's script file", () => {
  it("holds the three functions and starts every form from its own options block", () => {
    const text = estimateScriptText();
    for (const name of ["setupEstimateForm", "setupPhotoPicks", "sniffImageType"]) expect(text).toContain(`function ${name}(`);
    expect(text).toContain('document.querySelectorAll("[data-estimate-box]")');
    expect(text).toContain('root.querySelector("script[data-estimate-options]")');
  });

  it("is named with the fingerprint of its text", () => {
    expect(estimateScriptUrl()).toBe(`/scripts/estimate-form.js?v=${fingerprint(estimateScriptText())}`);
  });

  it("gets another fingerprint when one character changes", () => {
    expect(fingerprint("const a=1;")).toMatch(/^[0-9a-z]+$/);
    expect(fingerprint("const a=1;")).not.toBe(fingerprint("const a=2;"));
    expect(fingerprint("ab")).not.toBe(fingerprint("ba"));
  });

  it("writes the options so that no sentence can close their element", () => {
    const block = optionsBlockText(JSON.stringify({ words: { sending: "</script><script>alert(1)</script>" } }));
    expect(block).not.toContain("<");
    expect(JSON.parse(block)).toEqual({ words: { sending: "</script><script>alert(1)</script>" } });
  });
});
