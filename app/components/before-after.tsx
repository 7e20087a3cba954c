import { useEffect, useId, useRef } from "react";
import { BEFORE_AFTER_SCRIPT, beforeAfterValue, setupBeforeAfter } from "#app/browser/before-after.ts";
import type { GalleryPhoto } from "#app/schemas/photo-view.ts";
import { localPhotoTitle } from "#app/i18n/photo-text.ts";
import { useNonce } from "#app/nonce.tsx";
import { PhotoPicture } from "#app/components/photo-picture.tsx";
import { LangText, usePageLocale, usePageT } from "#app/components/lang-text.tsx";
import type { Locale } from "#app/i18n/locale.ts";

/**
 * The words the pair shows and says, in the page's language: "Before", "After", and the
 * template of what a screen reader says for a position ("62% after"), which the script fills in.
 */
function useBeforeAfterTexts() {
  const t = usePageT();
  return {
    before: t("beforeAfter.before"),
    after: t("beforeAfter.after"),
    valueText: t("beforeAfter.valueText", { percent: "{percent}" }),
  };
}

/** Where the slider starts: half of each photo. */
const BEFORE_AFTER_START = 50;

/**
 * The slider's width, for both photos' `sizes`: the page's column (the viewport less the
 * section's 1rem sides, at most 64rem), and never wider than 80% of the viewport's height at the
 * after photo's shape (app.css `.before-after--slider .before-after__frame`), so a tall pair does
 * not fetch a file for a width it is never shown at.
 */
export function beforeAfterSizes(after: Pick<GalleryPhoto, "width" | "height">): string {
  const column = "min(calc(100vw - 2rem), 64rem)";
  if (!(after.width > 0 && after.height > 0)) return column;
  const heightBound = Math.round((80 * after.width * 100) / after.height) / 100;
  return `min(calc(100vw - 2rem), 64rem, ${heightBound}vh)`;
}

export interface BeforeAfterProps {
  before: GalleryPhoto;
  after: GalleryPhoto;
  /** What the pair shows ("Kitchen in Meyerland"). Shown above the photos and names the slider; without it, the after photo's caption (else its alt text) names it. */
  caption?: string;
  /** The caption's language when it is not the page's (the owner's English on a Spanish page). */
  captionLang?: Locale;
  /** Shows the caption as a heading of this level, for a page that lists several pairs under its own h2. Without it the caption is plain text. */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /** The `sizes` of both photos; the default is the slider's own width (`beforeAfterSizes`). */
  sizes?: string;
  /** "high" or "eager" when the pair is in view as the page opens; "lazy" (the default) below the fold; "later" below a page's main image (PhotoPicture). */
  priority?: "high" | "eager" | "lazy" | "later";
}

/** One photo of the pair over its blurred placeholder, with its label; the script finds the after one. */
function Pane({
  side,
  label,
  photo,
  sizes,
  priority,
}: {
  side: "before" | "after";
  label: string;
  photo: GalleryPhoto;
  sizes: string;
  priority: "high" | "eager" | "lazy" | "later";
}) {
  return (
    <div className={`before-after__pane before-after__pane--${side}`} data-before-after-after={side === "after" ? "" : undefined}>
      <img
        className="before-after__placeholder"
        src={photo.placeholder}
        width={photo.width}
        height={photo.height}
        alt=""
        aria-hidden="true"
      />
      <PhotoPicture photo={photo} sizes={sizes} className="before-after__img" priority={priority} />
      <span className="before-after__label">{label}</span>
    </div>
  );
}

/**
 * A before/after pair (docs/decisions/038-before-after-slider.md). Without JavaScript the two
 * photos stand side by side (stacked on a narrow phone), each labelled "Before" / "After". The
 * inline script carried inside the figure (app/browser/before-after.ts) turns it into a slider:
 * both photos stacked in one box the after photo's shape, a native range input over the whole
 * box (keyboard, drag, touch, screen readers: "50% after"), the before photo clipped from the
 * left at the split so the after photo shows on the left of the handle. Both photos keep their
 * own alt text in the page.
 */
export function BeforeAfter({
  before,
  after,
  caption,
  captionLang,
  headingLevel,
  sizes = beforeAfterSizes(after),
  priority = "lazy",
}: BeforeAfterProps) {
  const nonce = useNonce();
  const rangeId = useId();
  const rootRef = useRef<HTMLElement>(null);
  // After a client-side render (a hydrated page) React does not run inline scripts.
  useEffect(() => setupBeforeAfter(rootRef.current, beforeAfterValue), []);
  const texts = useBeforeAfterTexts();
  const t = usePageT();
  const locale = usePageLocale();
  // Without a caption of the pair, the after photo's caption or description names it, in the page's language when written.
  const photoName = localPhotoTitle(after, locale);
  const name = caption?.trim() || photoName.text;
  const nameLang = caption?.trim() ? captionLang : photoName.lang;
  const Heading = headingLevel ? (`h${headingLevel}` as const) : null;
  const start = beforeAfterValue(BEFORE_AFTER_START, texts.valueText);
  const shownCaption = caption?.trim() ? <LangText lang={captionLang}>{caption.trim()}</LangText> : null;
  const photoPriority = priority === "high" ? "eager" : priority;
  return (
    <figure
      className="before-after"
      ref={rootRef}
      data-before-after=""
      data-ratio={after.width > 0 && after.height > 0 ? after.width / after.height : undefined}
    >
      {/* First: it runs before the photos below are parsed, so they are never painted side by side first. */}
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: BEFORE_AFTER_SCRIPT }} />
      {shownCaption ? (
        <figcaption className="before-after__caption">
          {Heading ? <Heading className="before-after__title">{shownCaption}</Heading> : shownCaption}
        </figcaption>
      ) : null}
      <div className="before-after__frame">
        <Pane side="before" label={texts.before} photo={before} sizes={sizes} priority={photoPriority} />
        <Pane side="after" label={texts.after} photo={after} sizes={sizes} priority={priority} />
        {/* Shown only in slider mode (the script's class): without JavaScript the range would do nothing. */}
        <div className="before-after__control">
          <label className="visually-hidden" htmlFor={rangeId}>
            {t("beforeAfter.name", { name: "" })}
            <LangText lang={nameLang}>{name}</LangText>
          </label>
          <input
            className="before-after__range"
            id={rangeId}
            type="range"
            min={0}
            max={100}
            step={1}
            defaultValue={start.percent}
            aria-valuetext={start.text}
            data-valuetext={texts.valueText}
            data-before-after-range=""
            // A reload must start at the middle again, where the split is drawn.
            autoComplete="off"
          />
          <span className="before-after__line" aria-hidden="true" />
          <span className="before-after__knob" aria-hidden="true">
            <svg viewBox="0 0 24 24" width="24" height="24" focusable="false">
              <path
                d="M9 6 3 12l6 6M15 6l6 6-6 6"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.5"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </span>
        </div>
      </div>
    </figure>
  );
}
