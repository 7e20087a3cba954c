import { setupEstimateForm } from "#app/browser/estimate-form.ts";
import { setupPhotoPicks } from "#app/browser/photo-picks.ts";
import { setupLightbox } from "#app/browser/lightbox.ts";
import { sniffImageType } from "#app/schemas/image-type.ts";
import { setupMarkPad, setupQuoteTotals } from "#app/browser/quote-page.ts";
import {
  findOption,
  lineCents,
  multiplyDivideRoundHalfUp,
  paymentCents,
  quoteTotals,
  ScheduleOverTotalError,
} from "#app/schemas/quote-money.ts";
import { CALL_BAR_ID, ESTIMATE_ANCHOR, hideCallBarNearForm } from "#app/components/call-bar.tsx";

/**
 * The public pages' two larger scripts as files of their own (ADR 065), not inlined in every
 * copy of a page: the estimate form's (5.5 KB gzipped, on / and /contact) and the photo
 * lightbox's (2.8 KB, wherever photos show). Each file is the same self-contained functions the
 * pages used to inline (`toString()`, ADR 013 and 026), then a loop that starts each element of
 * the page it is for. The browser keeps a file a year under its version, and the two are the
 * same in both languages: what a form says comes with the page, in a JSON data block.
 */
export const SCRIPT_PREFIX = "/scripts/";

/** The estimate form's element, and its options block inside it. */
export const ESTIMATE_BOX = "[data-estimate-box]";
export const ESTIMATE_OPTIONS = "script[data-estimate-options]";
/** A grid of photos with its lightbox. */
export const LIGHTBOX_ROOT = "[data-lightbox-root]";

const eachOf = (selector: string, body: string) => `for(const root of document.querySelectorAll(${JSON.stringify(selector)}))${body}`;

const sources = {
  "estimate-form": () =>
    [
      `const photoPicks=(${setupPhotoPicks.toString()});`,
      `const sniff=(${sniffImageType.toString()});`,
      `const setup=(${setupEstimateForm.toString()});`,
      eachOf(
        ESTIMATE_BOX,
        `{const data=root.querySelector(${JSON.stringify(ESTIMATE_OPTIONS)});if(data)setup(root,JSON.parse(data.textContent),photoPicks,sniff);}`,
      ),
      // The call bar gives way to the form while it is in view (on /contact its inline copy
      // started first; starting it again replaces that watch).
      `(${hideCallBarNearForm.toString()})(document.getElementById(${JSON.stringify(CALL_BAR_ID)}),document.getElementById(${JSON.stringify(ESTIMATE_ANCHOR)}));`,
      "",
    ].join("\n"),
  lightbox: () => [`const setup=(${setupLightbox.toString()});`, eachOf(LIGHTBOX_ROOT, "setup(root);"), ""].join("\n"),
  // The quote page's totals use the server's own arithmetic, each function under the name the
  // others call it by (the bundle's, which may differ from the source's).
  "quote-page": () =>
    [
      ...[multiplyDivideRoundHalfUp, lineCents, paymentCents, findOption, quoteTotals].map((fn) => `const ${fn.name}=(${fn.toString()});`),
      `const ${ScheduleOverTotalError.name}=(${ScheduleOverTotalError.toString()});`,
      `(${setupQuoteTotals.toString()})(document,${quoteTotals.name});`,
      `(${setupMarkPad.toString()})(document);`,
      "",
    ].join("\n"),
} satisfies Record<string, () => string>;

export type ScriptName = keyof typeof sources;

export function isScriptName(name: string): name is ScriptName {
  return Object.hasOwn(sources, name);
}

const texts = new Map<ScriptName, { text: string; version: string }>();

function file(name: ScriptName) {
  let found = texts.get(name);
  if (!found) {
    const text = sources[name]();
    found = { text, version: fingerprint(text) };
    texts.set(name, found);
  }
  return found;
}

/** A file's text: the functions as the server's bundle has them, as the inline scripts were. */
export function scriptText(name: ScriptName): string {
  return file(name).text;
}

/** A file's version: the fingerprint of its text. */
export function scriptVersion(name: ScriptName): string {
  return file(name).version;
}

/** A file's versioned address, as a page writes it. */
export function scriptUrl(name: ScriptName): string {
  return `${SCRIPT_PREFIX}${name}.js?v=${scriptVersion(name)}`;
}

/**
 * A short fingerprint of a text (FNV-1a and a second multiplier, 2 × 32 bits, base 36). No
 * node:crypto: the components that name the files also run in the browser of hydrated pages.
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

/** A JSON data block's text: `<` escaped, so no sentence can close the element. */
export function dataBlockText(json: string): string {
  return json.replaceAll("<", "\\u003c");
}
