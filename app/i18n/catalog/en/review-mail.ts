/**
 * A finished job's review request and its one reminder (issue 29), to the homeowner. Every
 * customer gets the same words and the same public review link: nothing asks first who is happy.
 * ICU MessageFormat; the Spanish twin is ../es/review-mail.ts.
 */
export const reviewMail = {
  "reviewMail.subject.request": "How did we do? A quick review for {business}",
  "reviewMail.subject.reminder": "A quick reminder: your review of {business}",
  "reviewMail.thanks.service": "Thank you for choosing us for your project ({service}). We hope it turned out the way you wanted.",
  "reviewMail.thanks.plain": "Thank you for choosing us for your project. We hope it turned out the way you wanted.",
  "reviewMail.ask":
    "Would you take a minute to leave us a review? Honest reviews help your neighbors choose a contractor they can trust, and they help us keep getting better.",
  "reviewMail.reminder.lead":
    "A few days ago we asked how your project went. If you have a minute, we would be grateful for a review: it helps your neighbors choose a contractor they can trust.",
  "reviewMail.reminder.last": "This is the only reminder we send about it.",
  "reviewMail.button": "Write a review",
  "reviewMail.linkIntro": "Write your review here:",
  "reviewMail.private": "Or tell us privately how we did",
  "reviewMail.questions": "Something to fix, or a question? Call us at {phone}.",
  "reviewMail.why": "You get this email because we finished a job for you.",
  "reviewMail.unsubscribe": "Don't want emails like this one? Unsubscribe:",
  "reviewMail.unsubscribeLink": "Stop review emails",
} as const;
