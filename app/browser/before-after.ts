/**
 * The before/after slider's behaviour (docs/decisions/038-before-after-slider.md). The markup is
 * app/components/before-after.tsx; the styles are `.before-after` in app/styles/app.css.
 *
 * The slider is a native `<input type="range">` (0–100, the share of the after photo shown):
 * the browser gives it the arrow keys, Home/End, Page Up/Down, mouse and touch dragging and its
 * role for screen readers. All the script does is turn the figure into a slider (the class
 * `before-after--slider`; without JavaScript the two photos stand side by side) and, on each
 * `input` event, move the split (the CSS custom property `--before-after-split`) and say it in
 * words (`aria-valuetext`, "62% after").
 */

/** What one position of the range means: the split in percent (0–100) and its words. */
interface BeforeAfterValue {
  percent: number;
  /** `template` with `{percent}` filled in: "62% after". */
  text: string;
}

/**
 * The range's value as a whole percent between 0 and 100 (anything unreadable is the middle),
 * and its words from `template` ("{percent}% after"). Pure: the page serialises it with
 * `toString()` and hands it to `setupBeforeAfter`, so it must use nothing from outside its body.
 */
export function beforeAfterValue(raw: string | number, template: string): BeforeAfterValue {
  const number = typeof raw === "number" ? raw : raw.trim() === "" ? Number.NaN : Number(raw);
  const percent = Number.isFinite(number) ? Math.min(100, Math.max(0, Math.round(number))) : 50;
  return { percent, text: template.replace("{percent}", String(percent)) };
}

/**
 * Turns one `figure.before-after` into a slider. Public pages ship no framework JavaScript
 * (ADR 006), so this runs as a small classic inline script, the FIRST child of the figure
 * (`BEFORE_AFTER_SCRIPT`): it runs when the parser reaches the figure's start, before any of the
 * photos inside it are parsed, so they are laid out as a slider from their first paint, even when
 * the parser yields (a slow phone, a busy CPU) and the page is painted part-way (no layout shift).
 * It needs nothing inside the figure yet: the slider's shape comes from the figure's
 * `data-ratio` (the after photo's width / height), and the range's `input` events are heard on
 * the figure as they bubble. Serialised with `toString()`: it must use nothing from outside its
 * own body (`value` is `beforeAfterValue`, passed in). Idempotent, so a hydrated page may also
 * call it from an effect.
 *
 * The range is `input[data-before-after-range]` with `data-valuetext` (the words' template); it
 * starts at the middle, where the stylesheet draws the split. The custom properties are set
 * through the CSSOM, which the page's CSP allows (it allows no `style` attributes). Comments stay
 * out of the body: they would be sent in every page.
 */
export function setupBeforeAfter(root: HTMLElement | null, value: typeof beforeAfterValue): void {
  if (!root || root.dataset.beforeAfterReady === "true") return;
  const ratio = Number(root.dataset.ratio);
  if (ratio > 0) root.style.setProperty("--before-after-ratio", String(ratio));
  const show = (range: HTMLInputElement) => {
    const { percent, text } = value(range.value, range.dataset.valuetext || "{percent}%");
    root.style.setProperty("--before-after-split", `${percent}%`);
    range.setAttribute("aria-valuetext", text);
  };
  root.addEventListener("input", (event) => {
    const range = event.target;
    if (range instanceof HTMLInputElement && range.hasAttribute("data-before-after-range")) show(range);
  });
  const range = root.querySelector<HTMLInputElement>("input[data-before-after-range]");
  if (range) show(range);
  root.classList.add("before-after--slider");
  root.dataset.beforeAfterReady = "true";
}

/**
 * The inline script each pair carries as the first child of its figure. One text for every pair
 * (it finds its figure through `document.currentScript`), so a cached page's CSP needs one hash
 * for all of them, and repeated copies cost next to nothing once compressed.
 */
export const BEFORE_AFTER_SCRIPT = `(${setupBeforeAfter.toString()})(document.currentScript&&document.currentScript.parentElement,${beforeAfterValue.toString()});`;
