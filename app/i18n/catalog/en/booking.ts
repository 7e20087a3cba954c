/**
 * The booking page (/book/<token>, ADR 071): the homeowner picks the arrival window of the
 * estimate visit, sees it held, and moves or cancels it. ICU MessageFormat; the Spanish twin is
 * ../es/booking.ts.
 */
export const booking = {
  "booking.meta.title": "Pick a time for your visit",
  "booking.meta.description": "Choose when we come to look at your project: the open arrival windows for your free estimate visit.",
  "booking.title": "Pick a time for your visit",
  "booking.request": "{business} · {subject} · reference {reference}",
  "booking.intro":
    "Choose the window when we may arrive. The visit itself takes {length}: we look at the space, take measurements and answer your questions. It is free.",
  "booking.length.hours": "{hours, plural, one {about an hour} other {about # hours}}",
  "booking.length.minutes": "about {minutes} minutes",
  "booking.length.hoursMinutes": "about {hours, plural, one {1 hour} other {# hours}} {minutes} minutes",
  "booking.zone": "Times are Houston time.",
  "booking.days": "Open times",
  "booking.window.pick": "Book {window} on {day}",
  "booking.moreDays": "More days",
  "booking.confirmNote": "{business} confirms each time by email, usually the same day.",
  "booking.outside":
    "Your ZIP code {zip} is a little outside the area we usually serve. You can still pick a time: we will tell you quickly if we can come.",
  "booking.closed.off": "Online booking is not open right now. Call us and we will find a time together.",
  "booking.closed.calendar": "We cannot show open times right now. Please try again in a little while, or call us.",
  "booking.closed.full": "Every time in the next few weeks is taken. Call us and we will find one.",
  "booking.call": "Rather talk to someone? Call us:",

  "booking.visit.title": "Your visit",
  "booking.visit.pending": "Held for you: {day}. {window}. {business} will confirm it by email.",
  "booking.visit.held": "Held for you: {day}. {window}. We will confirm it by email.",
  "booking.visit.scheduled": "Confirmed: {day}. {window}.",
  "booking.visit.changeUntil": "You can move or cancel it here until {until}.",
  "booking.visit.tooLate": "It is too close to the visit to change it here. To change it, call us:",
  "booking.visit.cancelled": "Your visit on {day} was cancelled. Pick another time below whenever you are ready.",
  "booking.move.title": "Move to another time",
  "booking.move.pick": "Move to {window} on {day}",
  "booking.cancel.button": "Cancel the visit",

  "booking.done.held": "Done: this time is held for you. We sent you an email, and we will confirm it shortly.",
  "booking.done.booked": "Done: your visit is booked. The invitation is in your email; add it to your calendar.",
  "booking.done.moved": "Done: your visit has its new time.",
  "booking.done.cancelled": "Your visit is cancelled. You can pick another time below.",

  "booking.error.invalid": "Pick one of the times below.",
  "booking.error.taken": "Sorry, someone just took that time. Here are the times still open.",
  "booking.error.closed": "Online booking just closed. Call us and we will find a time together.",
  "booking.error.hasVisit": "You already have a visit. You can move it below.",
  "booking.error.noVisit": "There is no visit to change. Pick a time below.",
  "booking.error.tooLate": "It is too close to the visit to change it online. Please call us.",
  "booking.error.changed": "Your visit changed in the meantime. Here it is as it stands now.",

  "booking.mail.pick": "Pick a time for our visit now: the open times are one tap away.",
  "booking.link.estimate": "Pick a time for the visit",
  "booking.link.estimateHint": "See the open times and book the free estimate visit now.",
  "booking.link.home": "Pick a time for the visit",
  "booking.link.change": "Move or cancel the visit",
};
