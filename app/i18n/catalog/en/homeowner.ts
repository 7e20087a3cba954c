/**
 * The homeowner's own page (/my/<token>, ADR 069): their requests and photos, their visit, the
 * quotes sent and the replies, the "Email me a code" step after 14 days, the code's email, and
 * the sentence that carries the link in the confirmation and the replies. ICU MessageFormat; the
 * Spanish twin is ../es/homeowner.ts.
 */
export const homeowner = {
  "homeowner.meta.title": "Your requests",
  "homeowner.meta.description": "Your estimate requests, your visit, your quotes and our messages to you.",
  "homeowner.title": "Your requests with {business}",
  "homeowner.intro":
    "Everything you sent us and everything we sent you, in one place. Keep this link to yourself: it opens this page without a password.",
  "homeowner.call": "Questions? Call us at {phone}.",
  "homeowner.callButton": "Call {phone}",

  "homeowner.requests.title": "Your requests",
  "homeowner.requests.none": "We have no estimate request from this address yet.",
  "homeowner.request.sent": "Sent on {date}",
  "homeowner.request.reference": "Reference {reference}",
  "homeowner.request.message": "What you told us",
  "homeowner.request.photos": "Your photos",
  "homeowner.request.photoAlt": "Photo {number} you sent ({name})",
  "homeowner.request.status": "Where it stands",
  "homeowner.status.received": "Received: we will be in touch",
  "homeowner.status.contacted": "We have been in touch",
  "homeowner.status.scheduled": "Visit scheduled",
  "homeowner.status.quoted": "Quote sent: it is below",
  "homeowner.status.won": "Work agreed",
  "homeowner.status.done": "Work finished",
  "homeowner.status.closed": "Closed",

  "homeowner.visit.title": "Your visit",
  "homeowner.visit.none": "No visit is scheduled yet. We will contact you to find a time.",
  "homeowner.visit.cancelled": "The visit on {day} was cancelled. We will contact you to find another time.",

  "homeowner.quotes.title": "Your quotes",
  "homeowner.quote.name": "Quote {number}",
  "homeowner.quote.sentOn": "Sent on {date}",
  "homeowner.quote.status.sent": "Waiting for your answer",
  "homeowner.quote.status.signed": "Signed on {date}",
  "homeowner.quote.status.declined": "Declined",
  "homeowner.quote.total": "Total: {total}",
  "homeowner.quote.range": "From {low} to {high}, depending on the option you choose",
  "homeowner.quote.open": "Open quote {number}",
  "homeowner.quote.pdf": "Download the signed PDF",

  "homeowner.replies.title": "Messages we sent you",
  "homeowner.replies.none": "We have not written to you from here yet.",
  "homeowner.reply.date": "Sent on {date}",

  "homeowner.code.title": "Please confirm it's you",
  "homeowner.code.why":
    "This link was last emailed to you more than 14 days ago. To keep your requests private, we will email a 6-digit code to {email}, the address you sent your request with.",
  "homeowner.code.send": "Email me a code",
  "homeowner.code.sent": "We emailed a code to {email}. It works for 15 minutes.",
  "homeowner.code.label": "The 6-digit code",
  "homeowner.code.check": "Open my page",
  "homeowner.code.again": "Didn't get it? Check your spam folder, or ask for a new code.",
  "homeowner.code.invalid": "Please type the 6 digits of the code we emailed you.",
  "homeowner.code.wrong":
    "That is not the code we sent. Please check it and try again ({left, plural, one {# try left} other {# tries left}}).",
  "homeowner.code.locked":
    "This code can no longer be used: it was typed wrong too many times, or it is more than 15 minutes old. Please ask for a new one.",
  "homeowner.code.limited":
    "We have already sent several codes. Please wait about {minutes, plural, one {# minute} other {# minutes}} and ask again, or call us.",

  "homeowner.mail.code.subject": "Your code for {business}: {code}",
  "homeowner.mail.code.body": "Your code to open your page with {business} is:",
  "homeowner.mail.code.valid": "It works for 15 minutes.",
  "homeowner.mail.code.ignore": "If you did not ask for a code, you can ignore this email: nobody can open your page without it.",
  "homeowner.mail.link.confirm": "Follow your request, your visit and our quote at any time on your own page (no password needed):",
  "homeowner.mail.link.reply": "Your requests, your visit and your quotes are on your own page:",
  "homeowner.mail.link.private": "Keep this link to yourself: it opens your page.",
} as const;
