import type { projects as en } from "#app/i18n/catalog/en/projects.ts";

/** /es/proyectos, la página de cada proyecto, el control de antes y después y los enlaces de las listas. */
export const projects: Record<keyof typeof en, string> = {
  "projects.meta.title": "Nuestros proyectos",
  "projects.meta.titleService": "Proyectos: {service}",
  "projects.meta.titlePage": "{title}, página {page}",
  "projects.meta.description":
    "Cocinas, baños, pisos y cercas que {name} terminó en {city}, {region} y sus alrededores: qué se hizo, dónde y cuándo, con fotos del antes y el después.",
  "projects.meta.descriptionService":
    "Trabajos de {service} que {name} terminó en {city}, {region} y sus alrededores: qué se hizo, dónde y cuándo, con fotos del antes y el después.",
  "projects.meta.unavailable": "Trabajos que {name} terminó en {city}, {region} y sus alrededores.",
  "projects.banner.title": "Nuestros proyectos",
  "projects.banner.subtitle": "Trabajos que hemos terminado en {city} y sus alrededores: qué hicimos, dónde y cuándo",
  "projects.list.title": "Todos los proyectos",
  "projects.list.titleService": "Proyectos: {service}",
  "projects.list.pageOf": ", página {page} de {pageCount}",
  "projects.list.filters": "Proyectos por servicio",
  "projects.list.pages": "Páginas de proyectos",
  "projects.empty.title": "Pronto verá aquí nuestros proyectos",
  "projects.empty.text":
    "Estamos preparando la historia de trabajos recientes en {city}: cómo estaba el cuarto, cómo quedó y lo que hicimos. Mientras tanto, nuestra galería tiene fotos de trabajos terminados, y con gusto le mostramos ejemplos parecidos a su trabajo cuando lo visitemos para su estimado gratis.",
  "projects.empty.gallery": "Ver la galería de fotos",
  "projects.unavailable.title": "Por ahora no podemos mostrar nuestros proyectos",
  "projects.unavailable.text":
    "Algo falló de nuestro lado. Por favor, vuelva a intentarlo en un minuto. En las páginas de servicios describimos cada tipo de trabajo que hacemos, y puede pedir un estimado gratis cuando quiera.",

  "project.meta.title": "{title} | {service}",
  "project.meta.description": "{service}: trabajo terminado por {name} en {place}, {when}.",
  "project.meta.descriptionJob": "Trabajo terminado por {name} en {place}, {when}.",
  "project.draft": "Borrador: solo los administradores pueden ver esta página.",
  "project.draftEdit": "Editar el proyecto",
  "project.eyebrow": "Nuestros proyectos",
  "project.aboutTitle": "Sobre este proyecto",
  "project.facts.service": "Servicio",
  "project.facts.where": "Dónde",
  "project.facts.finished": "Terminado",
  "project.pairsTitle": "Antes y después",
  "project.photosTitle": "{count, plural, one {La foto} other {Las # fotos}}",
  "project.more": "Ver todos nuestros proyectos",
  "project.cta.title": "¿Quiere un trabajo como este?",
  "project.cta.textService":
    "Cuéntenos de su proyecto de {service}: programamos una visita para medir y le damos una cotización por escrito, gratis y sin compromiso.",
  "project.cta.text":
    "Cuéntenos de su proyecto: programamos una visita para medir y le damos una cotización por escrito, gratis y sin compromiso.",
  "project.cta.more": "Más sobre nuestro servicio de {service}",

  "beforeAfter.before": "Antes",
  "beforeAfter.after": "Después",
  "beforeAfter.name": "Antes y después: {name}",
  "beforeAfter.valueText": "{percent}% después",

  "list.badPage": "Ese número de página no es válido. Las páginas se numeran con números enteros a partir del 1.",
};
