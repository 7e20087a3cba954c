/**
 * The editable texts and the services' built-in words in a page's language (ADR 064), on the
 * server. A text still equal to its built-in default is the site's own words, and a Spanish page
 * shows the default's Spanish from the catalog; a text the owner changed is theirs, shown as they
 * wrote it (in English until a Spanish version can be entered), and marked as English so the page
 * wraps it in `lang="en"`.
 */
import { getTextDefinition, type SiteTexts } from "#app/content/texts.ts";
import { parseLines, parseSections } from "#app/content/markdown.ts";
import { splitCopy } from "#app/content/services.ts";
import type { ServiceCardData } from "#app/content/featured.ts";
import { serviceSlugs, type Artwork, type Service, type ServiceSlug } from "#app/schemas/content.ts";
import type { BusinessProfile } from "#app/schemas/site-rules.ts";
import type { SpanishProfile, SpanishProfileKey } from "#app/schemas/site-spanish.ts";
import type { Locale } from "#app/i18n/locale.ts";
import { translator, type Translate } from "#app/i18n/messages.ts";
import { serviceNameKey } from "#app/i18n/service-names.ts";

/**
 * One of the owner's profile sentences (slogan, insurance, warranty…) in `locale`: their Spanish
 * version on a Spanish page when they wrote one, else the English as entered, marked English.
 */
export function ownLine(
  locale: Locale,
  profile: Partial<Record<SpanishProfileKey, string>> & { spanish?: SpanishProfile },
  key: SpanishProfileKey,
): { text: string; lang?: Locale } {
  const english = profile[key] ?? "";
  if (locale === "en" || english === "") return { text: english };
  const spanish = profile.spanish?.[key];
  return spanish ? { text: spanish } : { text: english, lang: "en" };
}

/** A question and answer, with the language of the answer when it is the owner's (permits, payments). */
export type FaqItem = { title: string; body: string; lang?: Locale };

export type LocalTexts = Omit<SiteTexts, "faq"> & { faq: FaqItem[] };

/** Each text's language, by its key ("home.intro", "service.tile.body"), where it is not the page's. */
export type TextLangs = Partial<Record<string, Locale>>;

function isDefault(key: string, value: unknown, profile: BusinessProfile, read: (source: string) => unknown = (s) => s): boolean {
  const definition = getTextDefinition(key);
  return definition !== undefined && JSON.stringify(read(definition.defaultValue(profile))) === JSON.stringify(value);
}

function years(profile: BusinessProfile): number {
  return profile.yearsInBusiness !== null && profile.yearsInBusiness > 0 ? profile.yearsInBusiness : 0;
}

/** The built-in about story and FAQ in `t`'s language, following the profile as texts.ts does. */
function defaultStory(t: Translate, profile: BusinessProfile): string {
  const opening = t("defaults.about.opening", { family: profile.familyRun ? "yes" : "no", city: profile.city, years: years(profile) });
  return [
    `${opening} ${t("defaults.about.p1")}`,
    t("defaults.about.p2"),
    t("defaults.about.p3"),
    t("defaults.about.p4"),
    t("defaults.about.p5"),
  ].join("\n\n");
}

function defaultValues(t: Translate): { title: string; body: string }[] {
  return ([1, 2, 3] as const).map((n) => ({ title: t(`defaults.values.${n}.title`), body: t(`defaults.values.${n}.body`) }));
}

function faqLine(title: string, line: { text: string; lang?: Locale }): FaqItem {
  return line.lang ? { title, body: line.text, lang: line.lang } : { title, body: line.text };
}

function defaultFaq(t: Translate, profile: BusinessProfile): FaqItem[] {
  return [
    { title: t("defaults.faq.free.title"), body: t("defaults.faq.free.body") },
    { title: t("defaults.faq.soon.title"), body: t("defaults.faq.soon.body") },
    // The owner's own sentences: their Spanish when written, else as entered (marked English).
    ...(profile.permits ? [faqLine(t("defaults.faq.permits.title"), ownLine("es", profile, "permits"))] : []),
    ...(profile.paymentTerms ? [faqLine(t("defaults.faq.payments.title"), ownLine("es", profile, "paymentTerms"))] : []),
    { title: t("defaults.faq.unexpected.title"), body: t("defaults.faq.unexpected.body") },
  ];
}

/**
 * The texts as a page in `locale` shows them, and which of them stay in the owner's English:
 * the owner's Spanish version when written (`spanish`, by key: the site's content), else the
 * default's Spanish, else the owner's English.
 */
export function localTexts(
  locale: Locale,
  texts: SiteTexts,
  profile: BusinessProfile,
  spanish: Readonly<Record<string, string>> = {},
): { texts: LocalTexts; langs: TextLangs } {
  if (locale === "en") return { texts, langs: {} };
  const t = translator(locale);
  const langs: TextLangs = {};
  /** The owner's Spanish, the default's words in `locale`, or the owner's text marked as English. */
  const pick = <T>(key: string, value: T, local: () => T, read?: (source: string) => unknown): T => {
    const own = spanish[key]?.trim();
    if (own) return (read ? read(own) : own) as T;
    if (isDefault(key, value, profile, read)) return local();
    langs[key] = "en";
    return value;
  };
  const local: LocalTexts = {
    home: {
      // By default the business name: a name, in no language.
      headline: pick("home.headline", texts.home.headline, () => texts.home.headline),
      intro: pick("home.intro", texts.home.intro, () => t("defaults.home.intro", { city: profile.city, years: years(profile) })),
    },
    about: {
      heading: pick("about.heading", texts.about.heading, () =>
        t("defaults.about.heading", { family: profile.familyRun ? "yes" : "no", city: profile.city }),
      ),
      body: pick("about.body", texts.about.body, () => defaultStory(t, profile)),
      values: pick("about.values", texts.about.values, () => defaultValues(t), parseSections),
    },
    faq: pick<FaqItem[]>("faq", texts.faq, () => defaultFaq(t, profile), parseSections),
    services: Object.fromEntries(
      serviceSlugs.map((slug) => {
        const own = texts.services[slug];
        return [
          slug,
          {
            summary: pick(`service.${slug}.summary`, own.summary, () => t(`serviceCopy.${slug}.summary`)),
            body: pick(`service.${slug}.body`, own.body, () => splitCopy(t(`serviceCopy.${slug}.body`), "paragraphs").join("\n\n")),
            list: pick(`service.${slug}.list`, own.list, () => splitCopy(t(`serviceCopy.${slug}.list`), "lines"), parseLines),
          },
        ];
      }),
    ) as LocalTexts["services"],
  };
  return { texts: local, langs };
}

/**
 * The slogan in `locale`: the built-in one in the page's language; the owner's own in their
 * Spanish version when written, else as entered (then English).
 */
export function localSlogan(
  locale: Locale,
  profile: { slogan: string; spanish?: SpanishProfile },
  builtIn: string,
): { text: string; lang?: Locale } {
  if (locale === "en" || !profile.slogan) return { text: profile.slogan };
  if (profile.spanish?.slogan) return { text: profile.spanish.slogan };
  return profile.slogan === builtIn ? { text: translator(locale)("defaults.slogan") } : ownLine(locale, profile, "slogan");
}

/** A service's fixed words (its name, its list's title, its drawing's description) in `locale`. */
export function localService(locale: Locale, service: Service): Pick<Service, "slug" | "title" | "listTitle"> & { image: Artwork } {
  const t = translator(locale);
  const slug: ServiceSlug = service.slug;
  return {
    slug,
    title: t(serviceNameKey(slug)),
    listTitle: t(`serviceCopy.${slug}.listTitle`),
    image: { ...service.image, alt: t(`serviceCopy.${slug}.alt`) },
  };
}

/** Service cards in `locale`: each service's name, and its summary as the page shows it (with its language when the owner's). */
export function localCards(locale: Locale, cards: ServiceCardData[], texts: LocalTexts, langs: TextLangs): ServiceCardData[] {
  return cards.map((card) => ({
    ...card,
    title: translator(locale)(serviceNameKey(card.slug)),
    summary: texts.services[card.slug].summary,
    ...(langs[`service.${card.slug}.summary`] ? { lang: "en" as const } : {}),
  }));
}

/**
 * The footer's "Licensed and insured." (ADR 056: only from what the owner entered) as catalog
 * words: "Licensed" with a licence, "insured" with the owner's insurance sentence.
 */
export function claimKey({
  licences,
  insurance,
}: {
  licences: readonly unknown[];
  insurance: string;
}): "site.footer.licensedInsured" | "site.footer.licensed" | "site.footer.insured" | null {
  const licensed = licences.length > 0;
  const insured = insurance.trim() !== "";
  if (licensed && insured) return "site.footer.licensedInsured";
  if (licensed) return "site.footer.licensed";
  if (insured) return "site.footer.insured";
  return null;
}
