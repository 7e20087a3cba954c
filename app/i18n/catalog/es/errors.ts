import type { errors as en } from "#app/i18n/catalog/en/errors.ts";

/** The error pages in Spanish (ADR 064). */
export const errors: Record<keyof typeof en, string> = {
  "errors.eyebrow": "Error {status}",
  "errors.title.notFound": "Página no encontrada",
  "errors.title.failed": "Algo salió mal",
  "errors.notFound.heading": "No encontramos esa página",
  "errors.notFound.intro": "Puede que el enlace sea antiguo o que la dirección tenga un error. Estas páginas le pueden ayudar:",
  "errors.notFound.home": "Página de inicio",
  "errors.notFound.services": "Todos nuestros servicios",
  "errors.notFound.gallery": "Fotos de nuestros trabajos",
  "errors.notFound.estimate": "Pida un estimado gratis",
  "errors.callUs": "O llámenos al <phone>{phone}</phone>.",
  "errors.refused.heading": "No pudimos hacer eso",
  "errors.refused.next": "<home>Vaya a la página de inicio</home> o llámenos al <phone>{phone}</phone>.",
  "errors.crash.heading": "¡Error inesperado de la aplicación!",
  "errors.crash.body":
    "Algo falló de nuestro lado. Por favor, inténtelo de nuevo en un momento. Si estaba pidiendo un estimado, siempre puede llamarnos al <phone>{phone}</phone>.",
  "errors.crash.bodyWithEmail":
    "Algo falló de nuestro lado. Por favor, inténtelo de nuevo en un momento. Si estaba pidiendo un estimado, siempre puede llamarnos al <phone>{phone}</phone> o escribirnos a <email>{email}</email>.",
  "errors.home": "Ir a la página de inicio",
  "errors.busy": "El sitio está muy ocupado en este momento y no pudo terminar. Por favor, inténtelo de nuevo en un minuto.",
  "errors.plain.crash": "¡Error inesperado de la aplicación!",
  "errors.plain.method": "Esta dirección no acepta solicitudes {method}; solo responde a {allow}.",
  "errors.plain.badRequest": "Solicitud no válida.",
  "errors.query.title": "Dirección no válida",
  "errors.query.sentence":
    "{named, select, yes {La parte “{name}” de esta dirección} other {Esta dirección}} {kind, select, percent {tiene un “%” que no va seguido de dos dígitos hexadecimales (como %20)} encoding {tiene caracteres que no son texto válido (no son UTF-8)} other {tiene un carácter de control (como NUL o un salto de línea), que ninguna búsqueda ni página usa}}, así que no se aceptó la solicitud. Revise el enlace, o regrese e inténtelo de nuevo.",
  "errors.origin.title": "Formulario no aceptado",
  "errors.origin.sentence":
    "Este formulario se envió desde {nullOrigin, select, yes {una página sin dirección (el navegador envió Origin: null)} other {{origin}}}, pero {declared, select, yes {este sitio está configurado como {expected} (PUBLIC_URL)} other {a este sitio se llegó por {expected} (PUBLIC_URL no está configurada)}}, así que no se aceptó. Abra {expected} y envíe el formulario desde allí. Si usted administra este sitio y la gente llega por otra dirección, configure PUBLIC_URL con esa dirección.",
  "errors.origin.crossSite":
    "Esta solicitud llegó desde otro sitio web, así que no se aceptó. Por favor, use los formularios de este sitio.",
};
