/**
 * The English and Spanish addresses of every public page (ADR 064). English paths are the site's
 * own (/contact, /bathroom); each has a Spanish twin with Spanish words (/es/contacto, /es/banos).
 * Pages with an id in the path (a project, a photo) keep it and translate the words around it.
 */
import { serviceSlugs, type ServiceSlug } from "#app/schemas/content.ts";
import { localeOf, type Locale } from "#app/i18n/locale.ts";
import { contactHref } from "#app/schemas/estimate-paths.ts";

/** The services' Spanish slugs: the words a Houston homeowner would type or say. */
export const spanishServiceSlugs: Record<ServiceSlug, string> = {
  fences: "cercas",
  kitchen: "cocinas",
  bathroom: "banos",
  livingroom: "salas",
  outdoor: "patios",
  floor: "pisos",
  tile: "azulejos",
  countertop: "cubiertas",
  backsplash: "salpicaderos",
  repair: "reparaciones",
};

/** Fixed pages: English path → Spanish path. */
const fixedPaths: Record<string, string> = {
  "/": "/es/",
  "/services": "/es/servicios",
  "/gallery": "/es/galeria",
  "/projects": "/es/proyectos",
  "/contact": "/es/contacto",
  "/about": "/es/nosotros",
  "/terms": "/es/terminos",
  "/privacy": "/es/privacidad",
  "/cookies": "/es/cookies",
  ...Object.fromEntries(serviceSlugs.map((slug) => [`/${slug}`, `/es/${spanishServiceSlugs[slug]}`])),
};
const fixedEnglish: Record<string, string> = Object.fromEntries(Object.entries(fixedPaths).map(([en, es]) => [es, en]));

/** Pages with a parameter: the English prefix, its Spanish twin and the route's parameter. */
const prefixes: [en: string, es: string, param: string][] = [
  ["/gallery/photo/", "/es/galeria/foto/", ":id"],
  ["/projects/", "/es/proyectos/", ":slug"],
];

/**
 * The English paths whose Spanish twin is served. A page joins this list when all it writes is
 * in the catalogs; until then it has no Spanish address, and links from Spanish pages to it go to
 * the English page, rather than a Spanish address showing an English page.
 */
export const translatedPaths: readonly string[] = [
  "/",
  "/contact",
  "/services",
  "/projects",
  "/about",
  "/terms",
  "/privacy",
  "/cookies",
  ...serviceSlugs.map((slug) => `/${slug}`),
  // The gallery: a photo without Spanish words is shown with its English ones, marked (app/i18n/photo-text.ts).
  "/gallery",
];
/**
 * Prefixes of translated pages with a parameter. Each page under one also needs its own words in
 * Spanish: its loader answers 404 on the Spanish address without them and its English page says
 * `twin: false` (a project without its Spanish title and story, a photo without its Spanish
 * description: app/i18n/projects.ts, app/i18n/photo-text.ts `hasSpanish`), and links go to the
 * Spanish address only when they are there.
 */
const translatedPrefixes: readonly string[] = ["/gallery/photo/", "/projects/"];

function isTranslated(enPath: string): boolean {
  return translatedPaths.includes(enPath) || translatedPrefixes.some((prefix) => enPath.startsWith(prefix));
}

/** The route table's Spanish twins: [English route path, Spanish route path] for each translated page. */
export function spanishRoutePaths(): { en: string; es: string }[] {
  const withParam = prefixes
    .filter(([en]) => translatedPrefixes.includes(en))
    .map(([en, es, param]) => ({ en: en + param, es: es + param }));
  return [...translatedPaths.map((en) => ({ en, es: fixedPaths[en]! })), ...withParam];
}

/** The Spanish path of a page given by its English path, or null when it has none. */
function toSpanish(enPath: string): string | null {
  if (!isTranslated(enPath)) return null;
  if (Object.hasOwn(fixedPaths, enPath)) return fixedPaths[enPath]!;
  for (const [en, es] of prefixes) if (enPath.startsWith(en) && enPath.length > en.length) return es + enPath.slice(en.length);
  return null;
}

/** The English path of a page, from either language's path; null when it is no public page we know. */
export function englishPathOf(pathname: string): string | null {
  if (localeOf(pathname) === "en") return pathname;
  const path = pathname === "/es" ? "/es/" : pathname;
  if (Object.hasOwn(fixedEnglish, path)) return isTranslated(fixedEnglish[path]!) ? fixedEnglish[path]! : null;
  for (const [en, es] of prefixes) {
    if (path.startsWith(es) && path.length > es.length && isTranslated(en + path.slice(es.length))) return en + path.slice(es.length);
  }
  return null;
}

/**
 * The path of a page in `locale`, given its English path ("/contact" → "/es/contacto"). A path
 * with no Spanish twin (the admin, sign-in) stays as it is.
 */
export function localePath(locale: Locale, enPath: string): string {
  if (locale === "en") return enPath;
  const [path, rest = ""] = splitSuffix(enPath);
  const spanish = toSpanish(path);
  return spanish === null ? enPath : spanish + rest;
}

/** The same page in the other language, when the page has a twin. */
export function twinPath(pathname: string): string | null {
  const english = englishPathOf(pathname);
  if (english === null) return null;
  if (localeOf(pathname) === "es") return english;
  return toSpanish(english);
}

/** Both addresses of a page (for hreflang and the sitemap), or null when it has no twin. */
export function pathAlternates(pathname: string): Record<Locale, string> | null {
  const en = englishPathOf(pathname);
  const es = en === null ? null : toSpanish(en);
  return en !== null && es !== null ? { en, es } : null;
}

/** Keeps a query or a fragment apart from the path: "/contact?service=tile#estimate". */
function splitSuffix(href: string): [string, string] {
  const at = href.search(/[?#]/);
  return at === -1 ? [href, ""] : [href.slice(0, at), href.slice(at)];
}

/**
 * The contact page in `locale` with `service` chosen: "/es/contacto?service=bathroom" on a Spanish
 * page. The slug stays English: it is what the form reads in either language.
 */
export function localContactHref(locale: Locale, service?: string | null): string {
  return localePath(locale, contactHref(service));
}
