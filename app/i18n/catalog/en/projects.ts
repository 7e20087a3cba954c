/**
 * /projects, a project's page, the before/after slider, and the list pages' filter and page
 * links and their notice while nothing can be read (ADR 039, 064). ICU MessageFormat; the Spanish
 * twin is ../es/projects.ts.
 */
export const projects = {
  "projects.meta.title": "Our projects",
  "projects.meta.titleService": "{service} projects",
  "projects.meta.titlePage": "{title}, page {page}",
  "projects.meta.description":
    "Kitchens, bathrooms, floors and fences {name} finished around {city}, {region}: what was done, where and when, with before and after photos.",
  "projects.meta.descriptionService":
    "{service} jobs {name} finished around {city}, {region}: what was done, where and when, with before and after photos.",
  "projects.meta.unavailable": "Jobs {name} finished around {city}, {region}.",
  "projects.banner.title": "Our Projects",
  "projects.banner.subtitle": "Jobs we have finished around {city}: what we did, where and when",
  "projects.list.title": "All projects",
  "projects.list.titleService": "{service} projects",
  "projects.list.pageOf": ", page {page} of {pageCount}",
  "projects.list.filters": "Projects by service",
  "projects.list.pages": "Project pages",
  "projects.empty.title": "Our project stories are on their way",
  "projects.empty.text":
    "We are writing up recent jobs around {city}: the room before, the room after, and what we did in between. Until they are up, our gallery shows photos of finished work, and we are happy to show you examples like your job when we visit for your free estimate.",
  "projects.empty.gallery": "See the photo gallery",
  "projects.unavailable.title": "We can’t show our projects right now",
  "projects.unavailable.text":
    "Something went wrong on our side. Please try again in a minute. Our service pages describe every kind of job we do, and you can request a free estimate at any time.",

  "project.meta.title": "{title} | {service} project",
  "project.meta.description": "{service} finished by {name} in {place}, {when}.",
  "project.meta.descriptionJob": "A job finished by {name} in {place}, {when}.",
  "project.draft": "Draft: only admins can see this page.",
  "project.draftEdit": "Edit the project",
  "project.eyebrow": "Our projects",
  "project.aboutTitle": "About this project",
  "project.facts.service": "Service",
  "project.facts.where": "Where",
  "project.facts.finished": "Finished",
  "project.pairsTitle": "Before and after",
  "project.photosTitle": "{count, plural, one {The photo} other {All # photos}}",
  "project.more": "See all our projects",
  "project.cta.title": "Want a job like this one?",
  "project.cta.textService":
    "Tell us about your {service} project and we will set up a visit to measure and give you a written quote, free and with no obligation.",
  "project.cta.text":
    "Tell us about your project and we will set up a visit to measure and give you a written quote, free and with no obligation.",
  "project.cta.more": "More about our {service} service",

  // The slider's words; "{percent}" in valueText is filled in by its script as the range moves.
  "beforeAfter.before": "Before",
  "beforeAfter.after": "After",
  "beforeAfter.name": "Before and after: {name}",
  "beforeAfter.valueText": "{percent}% after",

  // The filter and page links of /projects and /gallery, and their notice when nothing can be read.
  "list.badPage": "That page number is not valid. Page numbers are whole numbers starting at 1.",
} as const;
