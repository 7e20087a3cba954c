/**
 * The policy pages (terms, data, cookies) and the error pages (ADR 064). One key per paragraph;
 * a link or an emphasis inside a paragraph is a tag (<phone>{phone}</phone>, <privacy>Data
 * Policy</privacy>) that the page turns into the element (app/components/tagged-text.tsx); the
 * catalogs are read with ignoreTag, so ICU leaves the tags as they are. Apostrophes are typographic
 * (’): a straight one next to a brace would start an ICU quotation. The Spanish twin is ../es/legal.ts.
 */
export const legal = {
  "legal.updated": "Last updated: {date}",
  "legal.nav": "Policies",

  "legal.terms.title": "Terms of Use",
  "legal.terms.description":
    "The terms for using the {name} website: estimate requests, accounts, our content and who to contact in {city}.",
  "legal.terms.intro":
    "This website belongs to {name}, a home repair and remodeling contractor in {location}. By using it, sending us an estimate request or creating an account, you agree to these terms. They are short on purpose; if anything is unclear, call us at <phone>{phone}</phone>.",
  "legal.terms.estimates.title": "Estimates and quotes",
  "legal.terms.estimates.p1":
    "Sending the estimate form asks us to contact you; it does not order any work and costs nothing. We answer and, if you like, visit to measure. Prices, materials and schedules are agreed only in a written quote or contract that we both sign. That document, not this website, governs the work and any warranty.",
  "legal.terms.estimates.p2":
    "Please give us true contact details and describe the project honestly, so we can answer and quote correctly. Photos and descriptions on this site show past work and typical options: your project is priced on what we see at your home.",
  "legal.terms.accounts.title": "Accounts",
  "legal.terms.accounts.p1":
    "An account lets you follow the estimate requests you send us. Keep your password to yourself and use a password you do not use anywhere else. If you think someone else used your account, change your password on your <profile>account page</profile>; that also signs out every other browser. We may close an account that is used to harm the site or other people. You can ask us to delete your account at any time by writing to <email>{email}</email>.",
  "legal.terms.content.title": "Our content",
  "legal.terms.content.p1":
    "The text, photos and drawings on this site belong to {name}. You may share links to our pages and print them for your own project, but not copy them to sell or to advertise someone else’s work.",
  "legal.terms.website.title": "The website itself",
  "legal.terms.website.p1":
    "We work to keep the site available and correct, but it is offered as it is: a page may be out of date or briefly unavailable. Nothing on the site is professional advice for a specific home; for that, ask us for a visit. These terms are governed by the laws of the State of Texas.",
  "legal.terms.data.title": "Your data",
  "legal.terms.data.p1":
    "How we handle what you send us is explained in our <privacy>Data Policy</privacy>; the only cookies we use are listed in our <cookies>Cookies Policy</cookies>.",
  "legal.terms.changes.title": "Changes and contact",
  "legal.terms.changes.p1":
    "When we change these terms we update the date at the top of this page. Questions go to <email>{email}</email> or <phone>{phone}</phone>.",

  "legal.privacy.title": "Data Policy",
  "legal.privacy.description":
    "What {name} collects when you ask for an estimate or create an account, why, how long we keep it, and how to have it deleted.",
  "legal.privacy.intro":
    "{name} is a home repair and remodeling contractor in {location}. This page explains what we learn about you through this website, what we do with it and how you can have it deleted. We do not sell your information, and we do not use it for advertising.",
  "legal.privacy.collect.title": "What we collect",
  "legal.privacy.collect.requests":
    "<strong>Estimate requests.</strong> Your name, email address, phone number, the subject and the project details you write in the form, the time you sent it and the page you sent it from; and, if you give them, your ZIP code (to see whether it is in our service area), your street address and how and when you prefer to be contacted. We also note where your visit began: the first page you opened on this site, the site that linked to it and the campaign tags in that link (such as <code>utm_source</code>). They are kept only with your request, without a cookie, and no third party receives them.",
  "legal.privacy.collect.accounts":
    "<strong>Accounts.</strong> Your name and email address, and your password stored only as a secure one-way hash that nobody, including us, can read back. If you continue with Google, Google tells us your name, your email address, whether Google has verified it, and an id for your Google account; never your Google password.",
  "legal.privacy.collect.browsers":
    "<strong>Signed-in browsers.</strong> For each browser you are signed in on, when it signed in and was last used and the browser’s name (its user agent), so you can sign out everywhere.",
  "legal.privacy.collect.abuse":
    "<strong>Protection against abuse.</strong> A scrambled code made from your internet address (not the address itself) and your browser’s name, to spot floods of spam or attempts to guess passwords.",
  "legal.privacy.why.title": "Why we use it",
  "legal.privacy.why.p1":
    "To answer your request, arrange a visit and prepare a quote; to run your account and show you the requests you sent us; and to keep the site safe. We do not use your information for anything else and we do not send newsletters.",
  "legal.privacy.who.title": "Who else sees it",
  "legal.privacy.who.p1":
    "Our own team. When you send the form, our mail provider delivers two emails: a notification to us and a confirmation to you. The company that hosts the website stores its data for us. Google is involved only if you choose ‘Continue with Google’. Each of them handles the data only to provide that service. We share information with authorities only when the law requires it.",
  "legal.privacy.keep.title": "How long we keep it",
  "legal.privacy.keep.requests":
    "Estimate requests: while we answer and quote, and, if you hire us, with the records of your job. If you did not hire us, ask and we delete your request.",
  "legal.privacy.keep.accounts": "Accounts: until you ask us to delete yours.",
  "legal.privacy.keep.browsers": "Signed-in browsers: until you sign out, or 30 days after the browser was last used.",
  "legal.privacy.keep.signIns": "Records of failed sign-ins: they stop counting after a short time (15 minutes) and are then cleared out.",
  "legal.privacy.choices.title": "Your choices",
  "legal.privacy.choices.p1":
    "You can ask us for a copy of what we hold about you, to correct it, or to delete it, including your account and your estimate requests. Write to <email>{email}</email> from the address you used, or call <phone>{phone}</phone>. We answer within 30 days, usually much sooner.",
  "legal.privacy.cookies.title": "Cookies",
  "legal.privacy.cookies.p1":
    "We use one cookie to keep you signed in and a short-lived one while you sign in with Google; no tracking or advertising cookies. Details are in our <cookies>Cookies Policy</cookies>.",
  "legal.privacy.security.title": "Security and children",
  "legal.privacy.security.p1":
    "Passwords are hashed, pages that show your data are never stored by shared caches, and only our team can see estimate requests. This site is meant for adults planning work on a home or business, not for children.",
  "legal.privacy.changes.title": "Changes",
  "legal.privacy.changes.p1":
    "When we change this policy we update the date at the top of this page. See also our <terms>Terms of Use</terms>.",

  "legal.cookies.title": "Cookies Policy",
  "legal.cookies.description":
    "The only cookies the {name} website sets: one to keep you signed in, one while you sign in with Google. No tracking.",
  "legal.cookies.intro":
    "A cookie is a small piece of text a website asks your browser to keep. This site uses as few as it can: if you only read our pages or send the estimate form, it sets none at all.",
  "legal.cookies.used.title": "The cookies we use",
  "legal.cookies.table.caption": "Cookies set by this website",
  "legal.cookies.table.name": "Name",
  "legal.cookies.table.purpose": "What it is for",
  "legal.cookies.table.duration": "How long it lasts",
  "legal.cookies.session.purpose":
    "Keeps you signed in after you log in. It holds a random number that only our server can match to your account. Your browser cannot read it with scripts (HttpOnly) and does not send it along when another site sends you here with a form.",
  "legal.cookies.session.duration": "30 days, renewed while you use the site; deleted when you sign out",
  "legal.cookies.oidc.purpose":
    "Set only when you choose ‘Continue with Google’: it lets us check that the answer coming back from Google belongs to the sign-in you started in this browser.",
  "legal.cookies.oidc.duration": "10 minutes; removed as soon as the sign-in finishes",
  "legal.cookies.prefix":
    "On a secure (https) connection the names carry the prefix <code>__Host-</code>, which tells the browser to keep them for this exact site only.",
  "legal.cookies.unused.title": "What we do not use",
  "legal.cookies.unused.p1":
    "No analytics, tracking, advertising or social media cookies, and no cookies from other companies. We do not follow you from one website to another.",
  "legal.cookies.remove.title": "Removing cookies",
  "legal.cookies.remove.p1":
    "Signing out deletes the sign-in cookie. You can also delete cookies or block them in your browser’s settings; the site still works, but you will not be able to stay signed in.",
  "legal.cookies.questions.title": "Questions",
  "legal.cookies.questions.p1":
    "Write to <email>{email}</email>. What we do with your information is in our <privacy>Data Policy</privacy>; the rules for using the site are in our <terms>Terms of Use</terms>.",
  "legal.offer.label": "Spanish version",
  "legal.offer.text": "Prefer Spanish? <link>See this page in Spanish</link>",
  "legal.offer.dismiss": "Close",
} as const;
