/**
 * No review gating (issue 29; FTC 16 CFR 465, Google's policy): every variant of the review page
 * carries the public review link, at the top, before the private form: before any feedback and
 * after it, with each rating from 1 to 5, with and without consent to be quoted, just sent or not,
 * after each refused post, in English and in Spanish. Each variant is made the way the server
 * makes it (`reviewPageView`) and rendered by the page's component.
 */
import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { ReviewPage } from "#app/components/review/review-page.tsx";
import type { Locale } from "#app/i18n/locale.ts";
import { reviewRatings, reviewRefusals } from "#app/schemas/review-feedback.ts";
import type { ReviewRefusedPost } from "#app/schemas/review-page.ts";
import { reviewPath } from "#app/server/quotes/paths.server.ts";
import { reviewPageView } from "#app/server/reviews/review-page.server.ts";

const TOKEN = "A".repeat(43);
const GO = `/review/${TOKEN}/go`;

const profiles = {
  google: { reviewPlaceId: "ChIJN1t_tDeuEmsRUsoyG83frY4", reviewWriteLink: "", reviewLink: "" },
  writeLink: { reviewPlaceId: "", reviewWriteLink: "https://www.yelp.com/writeareview/biz/bayou", reviewLink: "" },
  ratingPage: { reviewPlaceId: "", reviewWriteLink: "", reviewLink: "https://g.page/r/bayou/review" },
};
const business = { name: "Bayou City Remodeling", phone: "(832) 555-0199", phoneHref: "tel:+18325550199" };

const words = {
  en: { google: "Leave a review on Google", other: "Leave a public review", same: "We send this same link to every customer" },
  es: { google: "Deje una reseña en Google", other: "Deje una reseña pública", same: "Les enviamos este mismo enlace a todos" },
} as const;

interface Variant {
  name: string;
  locale: Locale;
  profile: keyof typeof profiles;
  feedback: { rating: number; consent: boolean } | null;
  sent: boolean;
  refused?: ReviewRefusedPost;
}

function render(variant: Variant): string {
  const view = reviewPageView({
    profile: { ...business, ...profiles[variant.profile] },
    request: { first_name: "Maria" },
    feedback: variant.feedback
      ? {
          rating: variant.feedback.rating,
          comment: "The crew was late twice.",
          consent: variant.feedback.consent ? 1 : 0,
          display_name: "Maria",
          place: "Heights",
          updated_at: "2026-11-20T16:00:00.000Z",
        }
      : null,
    token: TOKEN,
    locale: variant.locale,
    timeZone: "America/Chicago",
    sent: variant.sent,
  });
  const path = reviewPath(variant.locale, TOKEN);
  const Stub = createRoutesStub([{ path: "*", Component: () => <ReviewPage view={view} refused={variant.refused} error="Refused." /> }]);
  return renderToStaticMarkup(<Stub initialEntries={[path]} />);
}

function variants(): Variant[] {
  const all: Variant[] = [];
  for (const locale of ["en", "es"] as const) {
    for (const profile of Object.keys(profiles) as (keyof typeof profiles)[]) {
      all.push({ name: `${locale} ${profile}, no feedback yet`, locale, profile, feedback: null, sent: false });
      all.push({ name: `${locale} ${profile}, no feedback, a stray ?sent=1`, locale, profile, feedback: null, sent: true });
      for (const rating of reviewRatings) {
        for (const consent of [false, true]) {
          for (const sent of [false, true]) {
            all.push({
              name: `${locale} ${profile}, rated ${rating}${consent ? " with consent" : ""}${sent ? ", just sent" : ""}`,
              locale,
              profile,
              feedback: { rating, consent },
              sent,
            });
          }
        }
      }
      for (const refusal of reviewRefusals) {
        for (const rating of ["", ...reviewRatings.map(String)]) {
          all.push({
            name: `${locale} ${profile}, refused (${refusal}) with rating ${rating || "none"}`,
            locale,
            profile,
            feedback: rating === "" ? null : { rating: Number(rating), consent: true },
            sent: false,
            refused: { refusal, values: { rating, comment: "x", consent: true, firstName: "", place: "" } },
          });
        }
      }
    }
  }
  return all;
}

describe("no review gating: the review page's every variant carries the public review link", () => {
  const all = variants();

  it("covers each rating, consent, state and language", () => {
    expect(all.length).toBe(2 * 3 * (2 + 5 * 2 * 2 + reviewRefusals.length * 6));
  });

  it.each(all.map((variant) => [variant.name, variant] as const))("%s", (_name, variant) => {
    const html = render(variant);
    const said = words[variant.locale];
    const label = variant.profile === "google" ? said.google : said.other;
    const link = `<a class="button button--primary review__public-link" href="${GO}">${label}</a>`;
    expect(html).toContain(link);
    expect(html).toContain(said.same);
    // At the top: before the private form, and only once.
    expect(html.indexOf(link)).toBeLessThan(html.indexOf("<form"));
    expect(html.split(`href="${GO}"`)).toHaveLength(2);
  });

  it("without a public review address there is no button, whatever the rating (nothing is hidden from some)", () => {
    for (const rating of [null, ...reviewRatings]) {
      const view = reviewPageView({
        profile: { ...business, reviewPlaceId: "", reviewWriteLink: "", reviewLink: "" },
        request: { first_name: "Maria" },
        feedback:
          rating === null ? null : { rating, comment: "", consent: 0, display_name: "", place: "", updated_at: "2026-11-20T16:00:00.000Z" },
        token: TOKEN,
        locale: "en",
        timeZone: "America/Chicago",
        sent: true,
      });
      expect(view.publicReview).toBeNull();
    }
  });
});
