import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { defaultArtwork, defaultProfile } from "#app/content/company.ts";
import { textDefinitions, resolveTexts } from "#app/content/texts.ts";
import { services } from "#app/content/services.ts";
import { parseSections } from "#app/content/markdown.ts";
import { homePromise } from "#app/content/home-promise.ts";
import { ratingText, trustItems } from "#app/components/trust-strip.tsx";
import { credentialsTitle } from "#app/components/credentials.tsx";
import { formatReviewDate, reviewSource } from "#app/components/testimonials.tsx";
import { finishedOn } from "#app/components/project-card.tsx";
import { LangBlock, LangText } from "#app/components/lang-text.tsx";
import { localContactHref } from "#app/i18n/paths.ts";
import { translate } from "#app/i18n/messages.ts";
import { localService, localSlogan, localTexts, ownLine } from "#app/i18n/site-texts.ts";
import type { BusinessProfile } from "#app/schemas/site-rules.ts";

const profiles: BusinessProfile[] = [
  defaultProfile,
  {
    ...defaultProfile,
    yearsInBusiness: 18,
    familyRun: true,
    permits: "We pull every permit.",
    paymentTerms: "A deposit, then on completion.",
  },
  { ...defaultProfile, yearsInBusiness: 1 },
];

/** The Spanish path run in English: what a page in English would show from the catalog. */
const t = (key: Parameters<typeof translate>[1], values?: Parameters<typeof translate>[2]) => translate("en", key, values);

describe("the built-in texts in the catalog", () => {
  it.each(profiles)("the English catalog writes the same defaults as texts.ts (%#)", (profile) => {
    const english = localTexts("en", resolveTexts(new Map(), profile), profile).texts;
    const fromCatalog = (() => {
      const years = profile.yearsInBusiness ?? 0;
      return {
        intro: t("defaults.home.intro", { city: profile.city, years }),
        heading: t("defaults.about.heading", { family: profile.familyRun ? "yes" : "no", city: profile.city }),
        opening: t("defaults.about.opening", { family: profile.familyRun ? "yes" : "no", city: profile.city, years }),
      };
    })();
    expect(english.home.intro).toBe(fromCatalog.intro);
    expect(english.about.heading).toBe(fromCatalog.heading);
    expect(english.about.body.startsWith(`${fromCatalog.opening} ${translate("en", "defaults.about.p1")}`)).toBe(true);
    expect(english.about.body.endsWith(translate("en", "defaults.about.p5"))).toBe(true);
    const values = textDefinitions.find((d) => d.key === "about.values")!.defaultValue(profile);
    expect(parseSections(values).map((v) => v.title)).toEqual(
      [1, 2, 3].map((n) => translate("en", `defaults.values.${n as 1 | 2 | 3}.title`)),
    );
    expect(translate("en", "defaults.slogan")).toBe(defaultProfile.slogan);
  });

  it("the drawings' English alt texts are the catalog's", () => {
    expect(translate("en", "pages.home.heroAlt")).toBe(defaultArtwork.hero.alt);
    expect(translate("en", "pages.about.drawingAlt")).toBe(defaultArtwork.about.alt);
    for (const service of services) expect(localService("en", service).image.alt).toBe(service.image.alt);
  });
});

describe("localTexts", () => {
  const profile = profiles[1]!;

  it("gives a Spanish page the built-in defaults in Spanish, marking none as English", () => {
    const { texts, langs } = localTexts("es", resolveTexts(new Map(), profile), profile);
    expect(texts.home.intro).toBe(
      "Reparaciones y remodelación de casas en Houston, con 18 años de experiencia, para dueños de casa y negocios por igual.",
    );
    expect(texts.about.heading).toBe("Contratistas de familia en Houston");
    expect(texts.services.bathroom.summary).toBe(translate("es", "serviceCopy.bathroom.summary"));
    expect(texts.services.floor.list).toContain("Madera de ingeniería");
    expect(texts.faq.map((item) => item.title)).toContain("¿Ustedes sacan los permisos?");
    // The owner's permits sentence, in their words, marked as English.
    expect(texts.faq.find((item) => item.body === "We pull every permit.")?.lang).toBe("en");
    expect(langs).toEqual({});
  });

  it("keeps the owner's own texts as they wrote them, marked as English", () => {
    const stored = new Map([
      ["home.intro", "We build kitchens in Katy."],
      ["service.tile.summary", "Tile, done right."],
    ]);
    const { texts, langs } = localTexts("es", resolveTexts(stored, profile), profile);
    expect(texts.home.intro).toBe("We build kitchens in Katy.");
    expect(texts.services.tile.summary).toBe("Tile, done right.");
    expect(texts.services.tile.body).toBe(translate("es", "serviceCopy.tile.body"));
    expect(langs).toEqual({ "home.intro": "en", "service.tile.summary": "en" });
  });

  it("the owner's Spanish version wins over both the default's Spanish and their English (ADR 064)", () => {
    const stored = new Map([["home.intro", "We build kitchens in Katy."]]);
    const spanish = {
      "home.intro": "Remodelamos cocinas en Katy.",
      "about.values": "## Limpieza\nBarremos cada día.",
      "service.tile.list": "Porcelanato\nTravertino",
    };
    const { texts, langs } = localTexts("es", resolveTexts(stored, profile), profile, spanish);
    expect(texts.home.intro).toBe("Remodelamos cocinas en Katy.");
    expect(texts.about.values).toEqual([{ title: "Limpieza", body: "Barremos cada día." }]);
    expect(texts.services.tile.list).toEqual(["Porcelanato", "Travertino"]);
    expect(langs).toEqual({});
  });

  it("the owner's profile sentences: their Spanish when written, else their English marked as English", () => {
    const owner = {
      ...profile,
      warranty: "Two years on labor.",
      permits: "We pull permits.",
      spanish: { permits: "Sacamos los permisos." },
    };
    expect(ownLine("es", owner, "warranty")).toEqual({ text: "Two years on labor.", lang: "en" });
    expect(ownLine("es", owner, "permits")).toEqual({ text: "Sacamos los permisos." });
    expect(ownLine("en", owner, "permits")).toEqual({ text: "We pull permits." });
    const faq = localTexts("es", resolveTexts(new Map(), owner), owner).texts.faq;
    expect(faq.find((item) => item.body === "Sacamos los permisos.")).toBeDefined();
    expect(faq.some((item) => item.body === "We pull permits.")).toBe(false);
  });

  it("leaves an English page's texts as they are", () => {
    const resolved = resolveTexts(new Map([["home.intro", "Ours."]]), profile);
    expect(localTexts("en", resolved, profile).texts).toBe(resolved);
  });

  it("the slogan: the built-in one in Spanish, the owner's as entered", () => {
    expect(localSlogan("es", { slogan: defaultProfile.slogan }, defaultProfile.slogan)).toEqual({
      text: "Mejores hogares para Houston, un cuarto a la vez.",
    });
    expect(localSlogan("es", { slogan: "Built to last." }, defaultProfile.slogan)).toEqual({ text: "Built to last.", lang: "en" });
    // The owner's Spanish version, when written, is the Spanish page's slogan.
    expect(localSlogan("es", { slogan: "Built to last.", spanish: { slogan: "Hecho para durar." } }, defaultProfile.slogan)).toEqual({
      text: "Hecho para durar.",
    });
    expect(localSlogan("en", { slogan: defaultProfile.slogan }, defaultProfile.slogan)).toEqual({ text: defaultProfile.slogan });
  });
});

describe("the pages' parts in Spanish", () => {
  it("the hero's promise", () => {
    expect(homePromise({ city: "Houston", serviceCities: ["Katy", "Sugar Land"] }, "es")).toBe(
      "Estimados gratis por escrito en Houston, Katy y Sugar Land",
    );
    expect(homePromise({ city: "Houston", serviceCities: ["Katy", "Sugar Land", "Pearland"] }, "es")).toBe(
      "Estimados gratis por escrito en Houston y 3 comunidades cercanas",
    );
    expect(homePromise({ city: "Houston", serviceCities: ["Katy", "Sugar Land"] })).toBe(
      "Free written estimates across Houston, Katy and Sugar Land",
    );
  });

  it("the trust row: rating, years, licence, insurance, warranty; the owner's promise marked English", () => {
    expect(ratingText(4.9, 37, "Google", "es")).toBe("4.9 de 37 reseñas de Google");
    expect(ratingText(5, 1, "Yelp", "es")).toBe("5.0 de 1 reseña de Yelp");
    expect(ratingText(4.9, 37, "Google")).toBe("4.9 from 37 Google reviews");
    const items = trustItems(
      {
        ...defaultProfile,
        yearsInBusiness: 18,
        licences: [{ label: "TDLR", number: "TECL 1" }],
        insurance: "Yes.",
        warranty: "Two years.",
        answerPromise: "We answer the same day",
      },
      "es",
    );
    expect(items.map((item) => item.text)).toEqual([
      "18 años de experiencia",
      "Con licencia: TDLR TECL 1",
      "Asegurados",
      "Garantía",
      "We answer the same day",
    ]);
    expect(items.at(-1)?.lang).toBe("en");
    // The licence's name is the owner's: marked English, the number apart.
    expect(items[1]?.parts?.[1]).toEqual({ words: "TDLR ", isLong: true, lang: "en" });
    expect(credentialsTitle({ licences: [], insurance: "Yes.", warranty: "Two years." }, "es")).toBe(
      "Lo que nos respalda: seguro y garantía",
    );
  });

  it("dates, review links and a project's month in Spanish", () => {
    expect(formatReviewDate("2026-03-14", "es")).toBe("marzo de 2026");
    expect(reviewSource("https://www.google.com/maps/place/x", "es")).toBe("Leer en Google");
    expect(reviewSource("not a url", "es")).toBe("Leer la reseña");
    expect(finishedOn("2026-04", "es")).toBe("abril de 2026");
    expect(finishedOn("2026-04", "en")).toBe("April 2026");
  });

  it("the estimate button goes to the Spanish contact page; the service's slug stays English", () => {
    expect(localContactHref("es", "bathroom")).toBe("/es/contacto?service=bathroom");
    expect(localContactHref("es", null)).toBe("/es/contacto");
    expect(localContactHref("en", "bathroom")).toBe("/contact?service=bathroom");
  });

  it("LangText marks words only on a page in another language", () => {
    // Outside a router the page is English.
    expect(renderToStaticMarkup(<LangText lang="en">Ours</LangText>)).toBe("Ours");
    expect(renderToStaticMarkup(<LangText lang="es">Nuestro</LangText>)).toBe('<span lang="es">Nuestro</span>');
    expect(
      renderToStaticMarkup(
        <LangBlock lang="es" className="x">
          Hola
        </LangBlock>,
      ),
    ).toBe('<div lang="es" class="x">Hola</div>');
  });
});
