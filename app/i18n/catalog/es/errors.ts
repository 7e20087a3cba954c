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
  "errors.plain.badRequest": "Solicitud no válida.",
};
