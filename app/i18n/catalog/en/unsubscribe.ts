/**
 * The page behind an email's unsubscribe link (/unsubscribe/<token>, issue 29): a question and a
 * button, then the answer. ICU MessageFormat; the Spanish twin is ../es/unsubscribe.ts.
 */
export const unsubscribe = {
  "unsubscribe.meta.title": "Stop these emails",
  "unsubscribe.title": "Stop these emails?",
  "unsubscribe.intro":
    "We will stop sending emails like the one you came from to this address. Emails about a job or a quote you asked for still come.",
  "unsubscribe.button": "Yes, stop these emails",
  "unsubscribe.done.title": "You are unsubscribed",
  "unsubscribe.done": "You will not get these emails again.",
} as const;
