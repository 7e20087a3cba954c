import { Fragment, type ReactNode } from "react";
import type { BusinessProfile } from "#app/schemas/site-rules.ts";
import { useSiteProfile } from "#app/site-profile.ts";
import { LangText, usePageLocale } from "#app/components/lang-text.tsx";
import { languageTags, type Locale } from "#app/i18n/locale.ts";
import { localePath } from "#app/i18n/paths.ts";
import { translate, translator, type Translate } from "#app/i18n/messages.ts";
import { ownLine } from "#app/i18n/site-texts.ts";
import type { SpanishProfile } from "#app/schemas/site-spanish.ts";

/** Where /about shows the licences, insurance and warranty in full (about.tsx). */
export const CREDENTIALS_HREF = "/about#credentials";

/** The profile's facts the row is built from. */
export type TrustFacts = Pick<
  BusinessProfile,
  | "yearsInBusiness"
  | "licences"
  | "insurance"
  | "warranty"
  | "answerPromise"
  | "reviewRating"
  | "reviewCount"
  | "reviewSource"
  | "reviewLink"
> & { spanish?: SpanishProfile };

export interface TrustItem {
  key: "rating" | "years" | "licence" | "insurance" | "warranty" | "answer";
  /** The words, short enough for a phone's row. */
  text: string;
  /**
   * The same words in parts, when a phone's row leaves some out because the rest says enough
   * ("12 years", the licence by its number; the full words are on wider screens and on /about).
   */
  parts?: { words: string; isLong?: boolean; lang?: Locale }[];
  /** Where the fact can be checked: the rating's page. */
  href?: string;
  /** How many more licences /about lists. */
  moreLicences?: number;
  /** The words' language when they are the owner's own (the answer promise), as entered. */
  lang?: Locale;
}

/** "4.9 from 37 Google reviews": the rating as the review site shows it, with its count and site. */
export function ratingText(rating: number, count: number, source: string, locale: Locale = "en"): string {
  const figure = new Intl.NumberFormat(languageTags[locale], { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rating);
  return translate(locale, "pages.trust.rating", { rating: figure, count, source });
}

/**
 * The row's items, only from what the owner entered (ADR 056, ADR 061): nothing at all on a fresh
 * install. Short words only: the insurance and warranty sentences are on /about, one tap away.
 */
export function trustItems(profile: TrustFacts, locale: Locale = "en"): TrustItem[] {
  const t = translator(locale);
  const ownLang: Locale | undefined = locale === "en" ? undefined : "en";
  const items: TrustItem[] = [];
  const { reviewRating, reviewCount, reviewSource, reviewLink } = profile;
  // A rating is shown only with its count and the page where anyone can check it.
  if (reviewRating !== null && reviewCount !== null && reviewCount > 0 && reviewSource && reviewLink) {
    items.push({ key: "rating", text: ratingText(reviewRating, reviewCount, reviewSource, locale), href: reviewLink });
  }
  if (profile.yearsInBusiness !== null && profile.yearsInBusiness > 0) {
    const years = t("pages.trust.years", { years: profile.yearsInBusiness });
    const inBusiness = t("pages.trust.inBusiness");
    items.push({ key: "years", text: `${years}${inBusiness}`, parts: [{ words: years }, { words: inBusiness, isLong: true }] });
  }
  const [licence, ...more] = profile.licences;
  if (licence) {
    items.push({
      key: "licence",
      text: `${t("pages.trust.licensed")}${[licence.label, licence.number].filter(Boolean).join(" ")}`,
      // The number is what a homeowner looks up; on a phone it stands alone, named in full on /about.
      // The licence's name is the owner's, as entered: marked English on a page in another language.
      parts: licence.number
        ? [{ words: t("pages.trust.licensed") }, { words: `${licence.label} `, isLong: true, lang: ownLang }, { words: licence.number }]
        : [{ words: t("pages.trust.licensed") }, { words: licence.label, lang: ownLang }],
      moreLicences: more.length,
    });
  }
  if (profile.insurance) items.push({ key: "insurance", text: t("pages.trust.insured") });
  if (profile.warranty) items.push({ key: "warranty", text: t("pages.trust.warranty") });
  // The owner's own sentence: their Spanish version on a Spanish page, else as entered (English).
  if (profile.answerPromise) {
    const answer = ownLine(locale, profile, "answerPromise");
    items.push({ key: "answer", text: answer.text, ...(answer.lang ? { lang: answer.lang } : {}) });
  }
  return items;
}

/** The row for a given profile (the pages use TrustStrip, which reads the site's). */
export function TrustRow({ profile, id = "trust-title" }: { profile: TrustFacts; id?: string }) {
  const locale = usePageLocale();
  const t = translator(locale);
  const items = trustItems(profile, locale);
  if (items.length === 0) return null;
  const hasDetails = items.some((item) => item.key === "licence" || item.key === "insurance" || item.key === "warranty");
  return (
    <section className="trust" aria-labelledby={id}>
      <h2 id={id} className="visually-hidden">
        {t("pages.trust.title")}
      </h2>
      <ul className="trust__list" aria-labelledby={id}>
        {/* A space between items: the row wraps between them as between words (app.css "Trust"). */}
        {items.map((item) => (
          <Fragment key={item.key}>
            <li className={`trust__item trust__item--${item.key}`}>{itemContent(item, t)}</li>{" "}
          </Fragment>
        ))}
        {hasDetails ? (
          <li className="trust__item trust__item--details">
            <a href={localePath(locale, CREDENTIALS_HREF)}>
              {t("pages.trust.details")}
              <span className="visually-hidden">{t("pages.trust.detailsHidden")}</span>
            </a>
          </li>
        ) : null}
      </ul>
    </section>
  );
}

function itemContent(item: TrustItem, t: Translate): ReactNode {
  if (item.href) {
    return (
      <a href={item.href} rel="noopener">
        {item.text}
      </a>
    );
  }
  const words = item.parts
    ? item.parts.map((part, i) =>
        part.isLong || part.lang ? (
          <span key={i} className={part.isLong ? "trust__long" : undefined} lang={part.lang}>
            {part.words}
          </span>
        ) : (
          <Fragment key={i}>{part.words}</Fragment>
        ),
      )
    : item.text;
  if (item.moreLicences) {
    return (
      <span>
        {words} <span className="trust__more">{t("pages.trust.moreLicences", { count: item.moreLicences })}</span>
      </span>
    );
  }
  return <LangText lang={item.lang}>{words}</LangText>;
}

/**
 * What makes the business safe to hire, as one compact row: the rating, years, licence,
 * insurance, warranty and how soon the business answers. Only what the owner entered shows;
 * nothing at all when none of it is. Text only: no rating markup about the business (ADR 061).
 */
export function TrustStrip({ id = "trust-title", band = false }: { id?: string; band?: boolean }) {
  const profile = useSiteProfile();
  if (trustItems(profile).length === 0) return null;
  const row = <TrustRow profile={profile} id={id} />;
  // On the home page the row has a band of its own under the hero; none when the row is empty.
  return band ? <div className="trust-band">{row}</div> : row;
}
