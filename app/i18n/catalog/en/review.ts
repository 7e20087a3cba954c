/**
 * The review page of a finished job (/review/<token>, issue 29): the public review link, the same
 * for every customer whatever they think, and beside it, never instead, a private "tell us how we
 * did". ICU MessageFormat; the Spanish twin is ../es/review.ts.
 */
export const review = {
  "review.meta.title": "How did we do?",
  "review.meta.description": "Leave a public review, or tell us privately how your job went.",
  "review.title": "Thank you for choosing {business}",
  "review.intro": "Your job is finished. If you have a minute, a public review helps other Houston homeowners decide who to call.",
  "review.public.google": "Leave a review on Google",
  "review.public.other": "Leave a public review",
  "review.public.same": "We send this same link to every customer, whatever they think of our work. What you write there is up to you.",
  "review.private.title": "Or tell us privately how we did",
  "review.private.intro":
    "Only {business} reads this. It does not replace a public review, and a public review does not need it: do either, both or neither.",
  "review.rating.legend": "Your rating",
  "review.rating.1": "1 — Very poor",
  "review.rating.2": "2 — Poor",
  "review.rating.3": "3 — Okay",
  "review.rating.4": "4 — Good",
  "review.rating.5": "5 — Excellent",
  "review.comment.label": "Your comment (optional)",
  "review.comment.hint": "What went well, and what we could do better. Up to {max} characters.",
  "review.consent.label": "You may quote me on your website with my first name and neighborhood",
  "review.consent.hint": "Only if you tick this, and only once {business} chooses to publish your words. Your rating is never shown.",
  "review.firstName.label": "Your first name",
  "review.place.label": "Your neighborhood (optional)",
  "review.place.hint": "For example “Heights” or “Katy”. Never your street.",
  "review.submit": "Send my feedback",
  "review.sent": "Thank you! {business} has your feedback.",
  "review.previous": "You sent your feedback on {date}. Sending it again replaces it.",
  "review.call": "Rather talk to someone? Call us:",
  "review.error.rating": "Rating: please choose from 1 to 5.",
  "review.error.comment-too-long": "Comment: please keep it to {max} characters or fewer.",
  "review.error.name-required": "First name: to quote you we need your first name. Please write it, or untick the box.",
  "review.error.name-too-long": "First name: please keep it to {max} characters or fewer.",
  "review.error.place-too-long": "Neighborhood: please keep it to {max} characters or fewer.",
  "review.homeownerLink": "Tell us how we did",
} as const;
