import { setupEstimateForm } from "#app/browser/estimate-form.ts";
import { setupPhotoPicks } from "#app/browser/photo-picks.ts";
import { sniffImageType } from "#app/schemas/image-type.ts";

/**
 * The estimate form's script as a file of its own (ADR 065), not inlined in the page: 5.5 KB
 * gzipped that the home page and /contact sent with every copy of their HTML now come once, and
 * the browser keeps them. The file is the same three self-contained functions the page used to
 * inline (app/browser/estimate-form.ts, app/browser/photo-picks.ts and the server's own photo
 * check), then a loop that starts every form on the page. Each form carries its options, with
 * its sentences already in the page's language, in a JSON data block (`data-estimate-options`),
 * so the file is the same for both languages.
 */
export const ESTIMATE_SCRIPT_PATH = "/scripts/estimate-form.js";

export const OPTIONS_SELECTOR = "script[data-estimate-options]";
export const BOX_SELECTOR = "[data-estimate-box]";

let text: string | undefined;

/** The file's text: the functions as the server's bundle has them, as the inline script was. */
export function estimateScriptText(): string {
  text ??= [
    `const photoPicks=(${setupPhotoPicks.toString()});`,
    `const sniff=(${sniffImageType.toString()});`,
    `const setup=(${setupEstimateForm.toString()});`,
    `for(const root of document.querySelectorAll(${JSON.stringify(BOX_SELECTOR)})){`,
    `const data=root.querySelector(${JSON.stringify(OPTIONS_SELECTOR)});`,
    `if(data)setup(root,JSON.parse(data.textContent),photoPicks,sniff);}`,
    "",
  ].join("\n");
  return text;
}

/**
 * A short fingerprint of a text (FNV-1a, 2 × 32 bits, base 36): the file's version in its
 * address, so a page names the very file it was written with and the browser may keep it for a
 * year. No node:crypto: the form's component also runs in the browser of the hydrated pages.
 */
export function fingerprint(value: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ value.length;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193) >>> 0;
    b = Math.imul(b ^ code, 0x5bd1e995) >>> 0;
  }
  return a.toString(36) + b.toString(36);
}

let version: string | undefined;

/** The file's versioned address, as a page writes it. */
export function estimateScriptUrl(): string {
  version ??= fingerprint(estimateScriptText());
  return `${ESTIMATE_SCRIPT_PATH}?v=${version}`;
}

/** The options as a JSON data block's text: `<` escaped, so no sentence can close the element. */
export function optionsBlockText(optionsJson: string): string {
  return optionsJson.replaceAll("<", "\\u003c");
}
