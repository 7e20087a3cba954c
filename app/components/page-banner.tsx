import type { ReactNode } from "react";
import type { Artwork } from "#app/schemas/content.ts";
import { LATER_PIXEL } from "#app/browser/later-photos.ts";
import { LangText } from "#app/components/lang-text.tsx";
import type { Locale } from "#app/i18n/locale.ts";

/** Where a compact banner hides its image (app.css, `.banner--compact .banner__image`). */
const COMPACT_PHONE_MEDIA = "(max-width: 47.99rem)";

/**
 * The built-in drawing. A compact banner hides it on a phone, and a hidden <img> is still
 * fetched: there the <picture> offers a blank pixel instead, which costs no request.
 */
function BannerArtwork({ image, compactOnPhone }: { image: Artwork; compactOnPhone: boolean }) {
  const img = (
    <img
      className="banner__image"
      src={image.src}
      width={image.width}
      height={image.height}
      alt={image.alt}
      fetchPriority="high"
      decoding="async"
    />
  );
  if (!compactOnPhone) return img;
  return (
    <picture>
      <source media={COMPACT_PHONE_MEDIA} srcSet={LATER_PIXEL} />
      {img}
    </picture>
  );
}

/** The hero banner at the top of inner pages: title, optional subtitle and artwork (or a photo). */
export function PageBanner({
  title,
  subtitle,
  image,
  media,
  eyebrow,
  titleLang,
  subtitleLang,
  actions,
  compactOnPhone = false,
}: {
  title: string;
  subtitle?: string;
  image?: Artwork;
  /** Shown instead of `image`: a service's cover photo. */
  media?: ReactNode;
  eyebrow?: string;
  /** The title's language when it is the owner's own text on a page in another language. */
  titleLang?: Locale;
  /** The subtitle's language when it is the owner's own text on a page in another language. */
  subtitleLang?: Locale;
  /** Buttons under the subtitle, such as the way to a free estimate: in the first screen on a phone. */
  actions?: ReactNode;
  /** On a phone, no image and less padding: what follows (a form) starts within the first screen. */
  compactOnPhone?: boolean;
}) {
  const className = ["banner", image || media ? "banner--with-image" : "", compactOnPhone ? "banner--compact" : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <section className={className} aria-labelledby="page-title">
      <div className="banner__text">
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h1 id="page-title">
          <LangText lang={titleLang}>{title}</LangText>
        </h1>
        {subtitle ? (
          <p className="banner__subtitle">
            <LangText lang={subtitleLang}>{subtitle}</LangText>
          </p>
        ) : null}
        {actions ? <p className="banner__actions">{actions}</p> : null}
      </div>
      {media ?? (image ? <BannerArtwork image={image} compactOnPhone={compactOnPhone} /> : null)}
    </section>
  );
}
