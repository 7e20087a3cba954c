/**
 * The fixed words of a signed quote's PDF (issue 27, ADR 068). The contractor's own words (the
 * title, the lines, the warranty, the notices) come with the quote in its language; these are the
 * labels around them.
 */
export const quotePdf = {
  "quotePdf.documentTitle": "{business}: quote {number}, version {version}",
  "quotePdf.heading": "Quote {number}, version {version}",
  "quotePdf.signedOn": "Signed on {date}",
  "quotePdf.phone": "Phone: {phone}",
  "quotePdf.email": "Email: {email}",
  "quotePdf.preparedFor": "Prepared for",
  "quotePdf.chosenOption": "Chosen option: {name}",
  "quotePdf.column.description": "Description",
  "quotePdf.column.quantity": "Quantity",
  "quotePdf.column.unitPrice": "Unit price",
  "quotePdf.column.amount": "Amount",
  "quotePdf.allowance": "Allowance",
  "quotePdf.extraChosen": "Extra you chose",
  "quotePdf.exclusions": "Not included",
  "quotePdf.assumptions": "This price assumes",
  "quotePdf.subtotal": "Subtotal",
  "quotePdf.tax": "Sales tax ({rate})",
  "quotePdf.total": "Total",
  "quotePdf.schedule": "Payment schedule",
  "quotePdf.schedule.deposit": "Deposit on signing",
  "quotePdf.schedule.final": "Final payment, after the final walk-through",
  "quotePdf.schedule.share": "{label} ({share} of the total)",
  "quotePdf.dates": "Dates",
  "quotePdf.validUntil": "This quote is valid until {date}.",
  "quotePdf.expectedStart": "Expected start: {date}.",
  "quotePdf.duration":
    "Expected duration: {unit, select, weeks {{value, plural, one {# week} other {# weeks}}} other {{value, plural, one {# day} other {# days}}}}.",
  "quotePdf.warranty": "Warranty",
  "quotePdf.terms": "Terms",
  "quotePdf.signature": "Signature",
  "quotePdf.signedBy": "Signed by {name}",
  "quotePdf.markDrawn": "Signature drawn on screen by {name}",
  "quotePdf.markKeyboard": "Signature made with the keyboard by {name}",
  "quotePdf.audit":
    "Signed electronically on {signedAt}, from IP address {ip}, browser {browser}. Document SHA-256 {sha256}, version {version}. Consent to electronic records given on {consentedAt}.",
  "quotePdf.page": "Page {page} of {pages}",
  "quotePdf.footer": "{business} · quote {number}, version {version}",
} as const;
