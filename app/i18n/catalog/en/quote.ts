/**
 * The homeowner's quote page (issue 27): reading a quote, picking an option and extras, asking
 * a question or for changes, the ESIGN consent, signing and the signed state. ICU MessageFormat;
 * the Spanish twin is ../es/quote.ts. Money and dates arrive already formatted.
 */
export const quote = {
  "quote.meta.title": "Quote {number}",
  "quote.meta.description": "Your written quote from {name}: read it, choose an option, ask a question or sign it online.",

  "quote.head.eyebrow": "Quote {number} · version {version}",
  "quote.head.from": "From {name}",
  "quote.head.call": "Call {phone}",
  "quote.head.sent": "Sent {date}",
  "quote.head.validUntil": "Valid until {date}",
  "quote.head.expired": "This quote was valid until {date}. Please call us to confirm the prices before you sign.",

  "quote.options.headingMany": "Choose one option",
  "quote.options.headingOne": "What the job includes",
  "quote.options.help": "Choosing one option declines the others. You can tick optional extras inside the option you choose.",
  "quote.option.choose": "Choose {name}",
  "quote.option.chosen": "Your choice",
  "quote.option.from": "{amount} before extras",
  "quote.section.lines": "{title}: items and prices",
  "quote.line.description": "Item",
  "quote.line.quantity": "Quantity",
  "quote.line.unitPrice": "Unit price",
  "quote.line.amount": "Amount",
  "quote.line.allowance": "Allowance",
  "quote.line.optional": "Optional extra",
  "quote.line.addExtra": "Add this extra",
  "quote.extras.heading": "Optional extras you chose",
  "quote.extras.none": "No optional extras.",

  "quote.exclusions.heading": "Not included",
  "quote.assumptions.heading": "What this price assumes",

  "quote.totals.heading": "Your total",
  "quote.totals.forOption": "For {name}",
  "quote.totals.base": "Work",
  "quote.totals.extras": "Optional extras",
  "quote.totals.subtotal": "Subtotal",
  "quote.totals.tax": "Sales tax ({rate})",
  "quote.totals.total": "Total",
  "quote.totals.update": "Update total",
  "quote.totals.updated": "Total updated: {amount}.",
  "quote.schedule.heading": "Payment schedule",
  "quote.schedule.deposit": "Deposit on signing",
  "quote.schedule.final": "Final payment, after the final walk-through",

  "quote.details.heading": "Schedule, warranty and terms",
  "quote.details.start": "Expected start",
  "quote.details.duration": "Expected duration",
  "quote.details.days": "{count, plural, one {# day} other {# days}}",
  "quote.details.weeks": "{count, plural, one {# week} other {# weeks}}",
  "quote.details.warranty": "Warranty",
  "quote.details.terms": "Terms",

  "quote.notices.heading": "Notices required by Texas law",
  "quote.notices.source": "Source: {source}",

  "quote.ask.heading": "Questions or changes?",
  "quote.ask.help":
    "Ask anything, or tell us what you would like changed. {name} answers by phone or email, and sends a new version if something changes.",
  "quote.ask.kind": "What is it?",
  "quote.ask.question": "A question",
  "quote.ask.changes": "I would like changes",
  "quote.ask.message": "Your message",
  "quote.ask.send": "Send",
  "quote.ask.sent": "Thank you: {name} has your message and will get back to you soon.",

  "quote.sign.continue": "Continue to sign",
  "quote.sign.step": "Step {step} of 3",
  "quote.sign.pickHeading": "Your choice",
  "quote.sign.changePick": "Change my choice",
  "quote.sign.agreementHeading": "What you are signing",
  "quote.sign.agreementIntro": "Quote {number}, version {version}, for {option}, as sent on {date}.",
  "quote.sign.consentHeading": "Agree to sign electronically",
  "quote.sign.consentIntro": "Before you sign online, federal law (the ESIGN Act) asks us to tell you the following.",
  "quote.sign.consentPaper":
    "You have the right to receive this quote, the signed agreement and the documents that go with it on paper. A paper copy is free: ask {name} at {phone} or {email}, and we will mail or hand it to you.",
  "quote.sign.consentPaperNoEmail":
    "You have the right to receive this quote, the signed agreement and the documents that go with it on paper. A paper copy is free: ask {name} at {phone}, and we will mail or hand it to you.",
  "quote.sign.consentWithdraw":
    "You may withdraw your consent to electronic records at any time, free of charge, by telling us by phone or email. From then on we will send you paper copies; withdrawing does not undo a signature already given.",
  "quote.sign.consentScope":
    "This consent covers this quote and the documents of this job: the signed agreement, its notices and its copies.",
  "quote.sign.consentSystems":
    "To open and keep these records you need a device with a web browser, a PDF reader (most phones and computers have one) and an email address where we can send them. You can save or print the signed PDF.",
  "quote.sign.consentEmail": "To change the email address we send records to, call or email us and we will update it.",
  "quote.sign.consentCheckbox": "I agree to sign and receive these records electronically",
  "quote.sign.signHeading": "Sign",
  "quote.sign.fullName": "Your full name",
  "quote.sign.fullNameHelp": "Type your name as you would sign it.",
  "quote.sign.markLabel": "Your signature (optional)",
  "quote.sign.markHelp": "Draw your signature with a finger or the mouse. Your typed name is enough to sign.",
  "quote.sign.markClear": "Clear the drawing",
  "quote.sign.useTyped": "Use my typed name as my mark",
  "quote.sign.submit": "Sign",
  "quote.sign.legal": "By selecting “Sign”, you agree to this quote for the option and extras shown above, with the total of {total}.",

  "quote.signed.heading": "Signed",
  "quote.signed.by": "Signed by {name} on {date}.",
  "quote.signed.already": "This version was already signed, so nothing more is needed.",
  "quote.signed.thanks": "Thank you. {name} will contact you to schedule the work.",
  "quote.signed.pdf": "Download the signed PDF",
  "quote.signed.pdfWait": "The signed PDF is being prepared; it will also arrive by email.",

  "quote.error.summary": "Please check the following and try again.",
  "quote.error.kind": "Please choose whether it is a question or a change you would like.",
  "quote.error.message-required": "Please write your message.",
  "quote.error.message-too-long": "Please keep your message under {max} characters.",
  "quote.error.consent":
    "Please tick “I agree to sign and receive these records electronically” to sign online, or call us for a paper copy.",
  "quote.error.name-required": "Please type your full name.",
  "quote.error.name-too-long": "Please keep your full name under {max} characters.",
  "quote.error.mark-too-long": "Your drawn signature is too long. Please clear it and draw it again, or use your typed name as your mark.",
  "quote.error.mark-invalid":
    "We could not read your drawn signature. Please clear it and draw it again, or use your typed name as your mark.",
  "quote.error.option": "Please choose one of the options of this quote.",
  "quote.error.extra": "One of the extras you ticked is not part of the option you chose. Please check your choice.",
  "quote.error.changed": "This quote changed while you were reading it. Please read it again below, then sign.",
  "quote.error.not-current": "This quote was changed after you opened it. Please read version {version} and sign it.",
  "quote.error.intent": "We could not read that form. Please try again.",
} as const;
