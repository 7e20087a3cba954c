import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";
import { serviceSlugs } from "#app/schemas/content.ts";
import { spanishRoutePaths } from "#app/i18n/paths.ts";

/** The module and route id of each public page that has a Spanish twin, by its English path. */
const publicPages: Record<string, { file: string; id: string }> = {
  "/": { file: "routes/public/home.tsx", id: "routes/public/home" },
  "/services": { file: "routes/public/services.tsx", id: "routes/public/services" },
  "/gallery": { file: "routes/public/gallery.tsx", id: "routes/public/gallery" },
  // A photo's Spanish page is served only for a photo whose words are written in Spanish (app/i18n/photo-text.ts).
  "/gallery/photo/:id": { file: "routes/public/gallery-photo.tsx", id: "routes/public/gallery-photo" },
  "/projects": { file: "routes/public/projects.tsx", id: "routes/public/projects" },
  "/projects/:slug": { file: "routes/public/project.tsx", id: "routes/public/project" },
  "/contact": { file: "routes/public/contact.tsx", id: "routes/public/contact" },
  "/about": { file: "routes/public/about.tsx", id: "routes/public/about" },
  "/terms": { file: "routes/public/terms.tsx", id: "routes/public/terms" },
  "/privacy": { file: "routes/public/privacy.tsx", id: "routes/public/privacy" },
  "/cookies": { file: "routes/public/cookies.tsx", id: "routes/public/cookies" },
  ...Object.fromEntries(serviceSlugs.map((slug) => [`/${slug}`, { file: "routes/public/service.tsx", id: `service-${slug}` }])),
};

/**
 * The Spanish twins (ADR 064): the same modules under /es/ with Spanish slugs, each with its
 * English route's id and "@es" (app/i18n/locale.ts `routeBase`).
 */
const spanishRoutes = spanishRoutePaths().map(({ en, es }) => {
  const page = publicPages[en];
  if (!page) throw new Error(`no public page module for ${en}`);
  return route(es.replace(/^\/+|\/+$/g, ""), page.file, { id: `${page.id}@es` });
});

/**
 * The whole route table. Public pages first, then resources and the old
 * paths of the original site, which redirect to their canonical pages.
 */
export default [
  index("routes/public/home.tsx"),
  route("services", "routes/public/services.tsx"),
  route("gallery", "routes/public/gallery.tsx"),
  // One published photo's own page, and what the lightbox reads of a photo off its page (ADR 036).
  route("gallery/photo/:id", "routes/public/gallery-photo.tsx"),
  route("gallery/photo/:id/lightbox.json", "routes/resources/gallery-photo-data.ts"),
  // Finished jobs, each with its story, pairs and photos (ADR 039).
  route("projects", "routes/public/projects.tsx"),
  route("projects/:slug", "routes/public/project.tsx"),
  route("contact", "routes/public/contact.tsx"),
  route("about", "routes/public/about.tsx"),
  ...serviceSlugs.map((slug) => route(slug, "routes/public/service.tsx", { id: `service-${slug}` })),
  route("room", "routes/public/room.tsx"),
  route("house", "routes/public/house.tsx"),
  ...spanishRoutes,

  // Accounts. /login and /signup are case-sensitive: the old /Signup redirects to /signup.
  route("login", "routes/auth/login.tsx", { caseSensitive: true }),
  route("signup", "routes/auth/signup.tsx", { caseSensitive: true }),
  route("logout", "routes/auth/logout.ts"),
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  route("reset-password/:token", "routes/auth/reset-password.tsx"),
  route("profile", "routes/auth/profile.tsx"),
  route("setup", "routes/auth/setup.tsx"),
  // Step two of the first-run setup; admins only (requireAdmin in its loader and action).
  route("setup/business", "routes/auth/setup-business.tsx"),
  route("auth/google", "routes/auth/google.ts"),
  route("auth/google/callback", "routes/auth/google-callback.ts"),
  route("terms", "routes/public/terms.tsx"),
  route("privacy", "routes/public/privacy.tsx"),
  route("cookies", "routes/public/cookies.tsx"),

  // The admin area: every route below is for admins only. The layout's middleware refuses
  // everyone else, and each loader and action checks again (requireAdmin). A route-table test
  // (tests/integration/auth/admin-guard.test.ts) visits every path under /admin.
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("leads", "routes/admin/leads.tsx"),
      route("leads.csv", "routes/admin/leads-csv.ts"),
      route("leads/:leadId", "routes/admin/lead.tsx"),
      route("leads/:leadId/photos/:photoId/:size", "routes/admin/lead-photo.ts"),
      // A request's quote: the builder of its draft (ADR 066).
      route("leads/:leadId/quotes/:quoteId", "routes/admin/quote-builder.tsx"),
      route("replies", "routes/admin/replies.tsx"),
      route("users", "routes/admin/users.tsx"),
      route("gallery", "routes/admin/gallery.tsx"),
      route("gallery/upload", "routes/admin/gallery-upload.ts"),
      // Projects: a job's photos told as a story, with before/after pairs (ADR 040).
      route("projects", "routes/admin/projects.tsx"),
      route("projects/:projectId", "routes/admin/project.tsx"),
      route("site", "routes/admin/site.tsx"),
      route("site/texts", "routes/admin/site-texts.tsx"),
      route("site/testimonials", "routes/admin/site-testimonials.tsx"),
      route("site/photos", "routes/admin/site-photos.tsx"),
      route("visits", "routes/admin/visits.tsx"),
      // When homeowners may book a visit online, and the contractor's own calendar (ADR 071).
      route("visits/booking", "routes/admin/visit-booking.tsx"),
      // Web Push alerts of new leads on this phone, and the installable back office (ADR 034).
      route("alerts", "routes/admin/alerts.tsx"),
      route("email", "routes/admin/email.tsx"),
      // The Texas notices' words a quote can carry, editable per language (ADR 067).
      route("quotes", "routes/admin/quotes.tsx"),
      route("quotes/notices", "routes/admin/quote-notices.tsx"),
      // When an unanswered quote's follow-ups go (issue 27).
      route("quotes/settings", "routes/admin/quote-settings.tsx"),
      // When a finished job's review request and its reminder go (issue 29).
      route("reviews/settings", "routes/admin/review-settings.tsx"),
      // Saved quote templates and items (ADR 066).
      route("quotes/templates", "routes/admin/quote-templates.tsx"),
      // Review requests' month figures, homeowners' private feedback, publishing a consenting one (issue 29).
      route("reviews", "routes/admin/reviews.tsx"),
      route("manifest.webmanifest", "routes/admin/manifest.ts"),
      route("sw.js", "routes/admin/service-worker.ts"),
    ]),
  ]),

  // Old paths of the original site. Matching is case-sensitive here because
  // /Signup (old) and /signup (new) differ only in case.
  route("loginOnlyPg", "routes/resources/redirect.ts", { id: "legacy-login", caseSensitive: true }),
  route("Signup", "routes/resources/redirect.ts", { id: "legacy-signup", caseSensitive: true }),
  route("adminOnlyprofile", "routes/resources/redirect.ts", { id: "legacy-admin", caseSensitive: true }),

  route("robots.txt", "routes/resources/robots.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  // The picture a shared link shows when a page has no photo of its own (ADR 058).
  route("og/default.png", "routes/resources/share-card.ts"),
  route("form-token", "routes/resources/form-token.ts"),
  // The estimate form's and the lightbox's scripts, files the browser keeps (ADR 065).
  route("scripts/:file", "routes/resources/script-file.ts"),
  // The stylesheet's parts a page sends late, below its first screen (ADR 065).
  route("styles/:file", "routes/resources/style-file.ts"),
  // The estimate form's background post (JSON answers); see app/schemas/estimate-paths.ts.
  route("estimate-request", "routes/resources/estimate-request.ts"),
  route("__crash", "routes/resources/crash.ts"),
  // A quote's page for the homeowner, in the quote's language; the token is the key (issue 27).
  route("quote/:token", "routes/public/quote.tsx"),
  route("es/cotizacion/:token", "routes/public/quote.tsx", { id: "routes/public/quote@es" }),
  route("quote/:token/pdf", "routes/resources/quote-pdf.ts"),
  // The contractor's private calendar of visits: the token in the name is the key (no session).
  route("calendar/:file", "routes/resources/calendar-feed.ts"),
  // The homeowner's own page and photos: the token in the path is the key, no password (ADR 069).
  // One request's booking page: the homeowner picks the visit's time (ADR 071).
  route("book/:token", "routes/public/booking.tsx"),
  route("es/cita/:token", "routes/public/booking.tsx", { id: "routes/public/booking@es" }),
  // "Stop these emails": a GET asks, a POST (the page's button or the mail client's one-click) stops them (issue 29).
  route("unsubscribe/:token", "routes/public/unsubscribe.tsx"),
  route("es/baja/:token", "routes/public/unsubscribe.tsx", { id: "routes/public/unsubscribe@es" }),
  // A review email's public review link (counted, then on to the review site) and its 1×1 image (issue 29).
  route("review/:token/go", "routes/public/review-go.tsx"),
  route("review/:token/seen.gif", "routes/resources/review-seen.ts"),
  // A finished job's review page: the public review link for everyone, and private feedback beside it (issue 29).
  route("review/:token", "routes/public/review.tsx"),
  route("es/resena/:token", "routes/public/review.tsx", { id: "routes/public/review@es" }),
  route("my/:token", "routes/public/homeowner.tsx"),
  route("es/mi/:token", "routes/public/homeowner.tsx", { id: "routes/public/homeowner@es" }),
  route("my/:token/photos/:leadId/:photoId/:size", "routes/resources/homeowner-photo.ts"),
  route("es/mi/:token/photos/:leadId/:photoId/:size", "routes/resources/homeowner-photo.ts", { id: "routes/resources/homeowner-photo@es" }),

  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
