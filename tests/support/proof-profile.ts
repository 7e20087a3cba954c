/** The proof server's contractor (tests/support/seed-proof.ts), for the seed and the tests that check it. */

/** What the owner entered, as the profile form posts it: the seed goes through the form's own checks. */
export const PROOF_FIELDS = {
  years_in_business: "12",
  licence_label_0: "TDLR electrical contractor",
  licence_number_0: "TECL 12345",
  licence_label_1: "City of Houston registered contractor",
  licence_number_1: "HOU-7781",
  insurance: "General liability insurance up to $1,000,000.",
  warranty: "Two-year written warranty on all labor.",
  answer_promise: "We answer within one business day",
  review_rating: "4.9",
  review_count: "37",
  review_source: "Google",
  review_link: "https://g.page/r/bayou-builders/review",
  price_from_bathroom: "8000",
  price_to_bathroom: "15000",
  financing_link: "https://lender.example.com/bayou-builders",
  financing_label: "Financing through Hearth",
};

export const PROOF_TESTIMONIAL = {
  quote: "They turned our old tub into a walk-in shower in a week, and left the house spotless.",
  name: "Maria G.",
  place: "Bellaire",
  service: "bathroom",
  givenOn: "2026-03-14",
  link: "https://g.page/r/bayou-builders/review/1",
};

export const PROOF_PROJECT = { slug: "walk-in-shower-in-bellaire", title: "Walk-in shower in Bellaire" };
