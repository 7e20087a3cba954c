/**
 * The estimate form's words (ADR 064): its fields, its refusals (a code and values from the
 * schema and the action, put into words here), the photo step, the confirmation panel, the
 * contact page and the buttons that lead to the form. ICU MessageFormat; the Spanish twin is
 * ../es/estimate.ts. A field's refusal picks its sentence with `{field, select, …}`.
 */
export const estimate = {
  // Refusals of one field (app/schemas/estimate.ts: `FieldRefusal`).
  "estimate.error.required":
    "{field, select, from_name {Please enter your full name.} email {Please enter your email address.} phone {Please enter your phone number.} subject {Please enter a subject.} other {Please fill in this field.}}",
  "estimate.error.tooLong":
    "{field, select, email {That email address is too long.} phone {That phone number is too long.} from_name {Please keep your full name under {max} characters.} subject {Please keep a subject under {max} characters.} message {Please keep the message under {max} characters.} street_address {Please keep the street address under {max} characters.} best_time {Please keep the best time under {max} characters.} other {Please keep this field under {max} characters.}}",
  "estimate.error.email": "Please enter a valid email address, like name@example.com.",
  "estimate.error.phoneCharacters": "Please use only digits, spaces, ( ) . - and +, like (713) 555-0147.",
  "estimate.error.phoneDigits": "Please enter a phone number with area code (at least 10 digits).",
  "estimate.error.zip": "Please enter a 5-digit ZIP code, like 77008, or leave it empty.",
  "estimate.error.contactMethod": "Please choose a call, a text or an email.",

  // The action's answers (app/server/leads/estimate/).
  "estimate.answer.success": "Message sent successfully",
  "estimate.answer.checkFields": "Please check the highlighted fields and send the form again.",
  "estimate.answer.busy": "We could not save your request just now: the site is very busy. Please send it again in a minute, or call us.",
  "estimate.answer.tooMany":
    "You have sent several requests in a short time. Please wait about {minutes, plural, one {# minute} other {# minutes}} and try again, or call us.",
  "estimate.answer.unsupported": "Please send the estimate form from the page: this kind of request is not accepted.",
  "estimate.answer.tooLarge": "This request is too large for the estimate form.",
  "estimate.answer.photosTooLarge":
    "This request is too large: you can send up to {max} photos of up to {size} each. Please send fewer or smaller photos (phones can share a smaller size), or call us.",
  "estimate.answer.unreadable": "We could not read the form. Please try again.",
  "estimate.answer.noPage": "Please send the estimate form from its page on this site: this address was not told which page it came from.",
  "estimate.answer.postOnly": "The estimate form is sent here with POST, from its page on this site.",

  // Photo refusals, as the server judges each file (PhotoRefusal's code); {name} is the file's.
  "estimate.photo.notPhotoReason": "it is not a photo we can read. Please send a JPEG, PNG, WebP, AVIF, GIF or HEIC (iPhone) photo.",
  "estimate.photo.tooMany": "“{name}” was not kept: a request can carry {max} photos. Please send the others by replying to our email.",
  "estimate.photo.empty": "“{name}” was not kept: the file is empty (0 bytes). Please choose the photo again.",
  "estimate.photo.tooLarge":
    "“{name}” was not kept: it is larger than {size}, the largest photo we accept. Phones can share a smaller size.",
  "estimate.photo.notAnImage": "“{name}” was not kept: {reason}",
  // {why} is the image pipeline's own sentence; {kind} names it for the other language.
  "estimate.photo.rejected": "“{name}” was not kept. {kind, select, other {{why}}}",
  "estimate.photo.notSaved": "“{name}” could not be saved just now, so it was not kept. Please send it by replying to our email.",
  "estimate.photo.overBudget":
    "“{name}” was not kept: with the photos before it, it is more than the {megapixels} megapixels a request can carry. Please send it by replying to our email.",
  "estimate.photo.busy": "“{name}” could not be prepared just now: we are busy with many photos. Please send it by replying to our email.",

  // The form.
  "estimate.form.requiredBefore": "Fields marked",
  "estimate.form.requiredWord": "required",
  "estimate.form.requiredAfter": "are required.",
  "estimate.label.from_name": "Full name",
  "estimate.label.email": "Email",
  "estimate.label.phone": "Phone",
  "estimate.label.subject": "What do you need?",
  "estimate.label.message": "Message",
  "estimate.label.messageOptional": "Message (optional)",
  "estimate.label.zip": "ZIP code",
  "estimate.label.street_address": "Street address",
  "estimate.label.contact_method": "Preferred way to reach you",
  "estimate.label.best_time": "Best time to reach you",
  "estimate.label.photos": "Photos of the job",
  "estimate.phone.title": "A phone number with area code, like (713) 555-0147",
  "estimate.zip.title": "Five digits, like 77008",
  "estimate.subject.choose": "Choose a service",
  "estimate.optional.legend": "Optional: where, how to reach you, photos",
  "estimate.contact.call": "A phone call",
  "estimate.contact.text": "A text message",
  "estimate.contact.email": "An email",
  "estimate.bestTime.placeholder": "Weekdays after 5 pm",
  "estimate.trap": "Leave this field empty",
  "estimate.submit": "Send request",
  "estimate.sending": "Sending…",

  // The photo step (the script's words, chosen on the server: app/components/estimate/script-options.ts).
  "estimate.photos.hint": "Up to {max} photos (JPEG, PNG, WebP or HEIC), each up to {mb} MB. From your camera or your library.",
  "estimate.photos.add": "Add photos",
  "estimate.photos.count": "{count, plural, =0 {No photos chosen yet} other {# of {max} photos chosen}}",
  "estimate.photos.list": "Chosen photos",
  "estimate.photos.remove": "Remove",
  "estimate.photos.removed": "{name} removed.",
  "estimate.photos.sendingOne": "Sending {name}",
  "estimate.photos.empty": "{name} is empty, so it was not added.",
  "estimate.photos.tooBig": "{name} is {size}, over the {mb} MB limit for a photo, so it was not added.",
  "estimate.photos.notAdded": "“{name}” was not added: {reason}",
  "estimate.photos.overOne": "You can send up to {max} photos, so 1 photo was not added.",
  "estimate.photos.overOther": "You can send up to {max} photos, so {count} photos were not added.",

  // The script's own answers.
  "estimate.toast.dismiss": "Dismiss message",
  "estimate.net.offline":
    "We could not reach our server, so your request was not sent. Please check your connection and try again; what you typed is still here.",
  "estimate.net.serverError":
    "Something went wrong on our side (error {status}), so your request may not have been sent. Please try again in a minute, or call us.",

  // The confirmation panel and its next steps (app/content/estimate-next-steps.ts).
  "estimate.done.title": "We received your request",
  "estimate.done.referenceBefore": "Your reference:",
  "estimate.done.referenceAfter": ". Please mention it if you call us.",
  "estimate.done.next": "What happens next",
  "estimate.done.questions": "Questions before then? Call us at",
  "estimate.done.refused": "These photos could not be kept; you can text or email them to us instead:",
  "estimate.done.another": "Send another request",
  "estimate.step.reach":
    "{method, select, call {We call you at {contact} to set a time.} text {We text you at {contact} to set a time.} email {We email you at {contact} to set a time.} other {We call or text you to set a time.}}",
  "estimate.step.visit": "We visit to measure and talk through the options.",
  "estimate.step.quote": "You get a written quote, free and with no obligation.",

  // The contact page and its "Call, write or visit" block.
  "contact.meta.title": "Contact us for a Free Estimate",
  "contact.meta.description": "Call {phone} or send the form to get a free remodeling estimate in {location}.",
  "contact.meta.descriptionEmail": "Call {phone}, email {email} or send the form to get a free remodeling estimate in {location}.",
  "contact.title": "Contact us",
  "contact.subtitle": "Free estimates for homes and businesses in {city}",
  "contact.intro.title": "Fill the form or contact us via other channels listed below",
  "contact.intro.text":
    "Tell us about the room, the repair or the project you have in mind. We get back to you and set up a visit to measure and give you a written quote.",
  "contact.details.title": "Call, write or visit",
  "contact.details.phone": "Phone",
  "contact.details.email": "Email",
  "contact.details.address": "Address",
  "contact.details.location": "Location",
  "contact.details.hours": "Hours",
  "contact.details.links": "Find us online",
} as const;
