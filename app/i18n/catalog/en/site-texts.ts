/**
 * The built-in defaults of the editable texts (app/content/texts.ts) that a fresh install shows:
 * the slogan, the home page's introduction, the about page and the FAQ. The English here is the
 * same as texts.ts writes (app/i18n/site-texts.test.ts checks it); a text the owner changed is
 * theirs and shows as they wrote it.
 */
export const siteTexts = {
  "defaults.slogan": "Better homes for Houston, one room at a time.",
  "defaults.home.intro":
    "Home repair and remodeling in {city}{years, plural, =0 {} one { with a year of experience} other { with # years of experience}}, for homeowners and businesses alike.",
  "defaults.about.heading": "{family, select, yes {A family-run {city} contractor} other {Repair and remodeling in {city}}}",
  "defaults.about.opening":
    "We are {family, select, yes {a family-run repair and remodeling company} other {a repair and remodeling company}} based in {city}{years, plural, =0 {} one {, with a year of experience} other {, with # years of experience}}, working in the homes and businesses of the Greater Houston area.",
  "defaults.about.p1":
    "We handle kitchens, bathrooms, floors, tile, fences and outdoor living spaces from start to finish, and the repairs that keep a house in good shape.",
  "defaults.about.p2":
    "Most of our work is residential: homeowners who want a dated bathroom brought up to date, a kitchen that works for the way they cook, or a floor that can take kids, pets and Houston humidity. We also work for commercial clients such as offices, small shops and rental property owners who need dependable repairs and tidy upgrades done with as little disruption to their business as possible.",
  "defaults.about.p3":
    "Every job starts the same way. We come out for a free estimate, look at the space, take measurements and listen to what you want. Then you get a written quote that spells out the scope, the materials and the schedule, so there are no surprises later. If something unexpected turns up once the walls or floors are open, we stop, show you, and agree on the change in writing before we go on.",
  "defaults.about.p4":
    "We treat your home like it is lived in, because it is. We protect floors and furniture, keep the job site clean at the end of every day, haul away our debris, and finish with a walkthrough so you can check every detail.",
  "defaults.about.p5":
    "Houston is a demanding place to build: heat, humidity, heavy storms and shifting clay soil all test a house. We choose materials and methods that hold up here, and we will tell you honestly when a cheaper option will not last. Call us or send the form for a free estimate, and we will help you plan the project, whatever its size.",
  "defaults.values.1.title": "Free, honest estimates",
  "defaults.values.1.body":
    "We visit, measure and listen before we price anything, and you get a clear written quote with no pressure to sign.",
  "defaults.values.2.title": "A clean job site",
  "defaults.values.2.body": "Floors and furniture protected, debris hauled away, and the work area swept at the end of every day.",
  "defaults.values.3.title": "A walkthrough at the end",
  "defaults.values.3.body": "Every job ends with a walkthrough, so you can check every detail with us before we call it done.",
  "defaults.faq.free.title": "Is the estimate really free?",
  "defaults.faq.free.body":
    "Yes. We come out, measure, talk through options and send you a written quote. There is no charge and no obligation to hire us.",
  "defaults.faq.soon.title": "How soon can you come out?",
  "defaults.faq.soon.body": "Send the form or call, and we will offer you a time that suits you.",
  "defaults.faq.permits.title": "Do you pull permits?",
  "defaults.faq.payments.title": "How do payments work?",
  "defaults.faq.unexpected.title": "What if something unexpected turns up?",
  "defaults.faq.unexpected.body": "We stop, show you what we found and agree on the change in writing before we go on.",
} as const;
