/**
 * The quote's emails to the homeowner (issue 27): the quote sent, and the two polite follow-ups
 * when it goes unanswered. ICU MessageFormat; the Spanish twin is ../es/quote-mail.ts.
 */
export const quoteMail = {
  "quoteMail.subject.sent": "Your quote from {business}: {title}",
  "quoteMail.subject.updated": "Your updated quote from {business}: {title}",
  "quoteMail.subject.followUp": "Following up on your quote from {business}: {title}",
  "quoteMail.lead.sent": "Thank you for the chance to quote your project. Your written quote is ready to read online.",
  "quoteMail.lead.replaces": "This updated quote replaces the one we sent on {date}. Please use this one.",
  "quoteMail.lead.followUp":
    "{round, select, 1 {We wanted to make sure you received the quote we sent on {date}. It is ready whenever you are.} other {Just checking in one last time about the quote we sent on {date}. We would be glad to answer any question.}}",
  "quoteMail.options": "{count, plural, one {The total} other {Your options}}",
  "quoteMail.optionTotal": "{name}: {total}",
  "quoteMail.extrasNote": "Optional extras you may add are listed on the quote.",
  "quoteMail.validUntil": "This quote is valid until {date}.",
  "quoteMail.button": "See your quote",
  "quoteMail.linkIntro": "Open your quote here:",
  "quoteMail.howToAnswer": "On the quote's page you can pick an option, ask us a question or request changes, and sign when you are ready.",
  "quoteMail.questions": "Rather talk it over? Call us at {phone}.",
  "quoteMail.questionsOrWrite": "Rather talk it over? Call us at {phone} or write to {email}.",
  "quoteMail.noPressure": "There is no obligation: if the timing is not right, just let us know.",
  "quoteMail.keepLink": "This link is just for you: please do not share it.",
  "quoteMail.subject.signed": "Your signed quote from {business}: {title}",
  "quoteMail.lead.signed":
    "Thank you. You signed version {version} of quote {number} on {date}. Your signed copy is attached as a PDF: please keep it.",
  "quoteMail.signed.download": "You can also download it any time from your quote's page:",
  "quoteMail.signed.paper": "Would you like a copy on paper? Ask us and we will give you one at no charge.",
  "quoteMail.signed.next": "We will be in touch to plan the start of the work.",
} as const;
