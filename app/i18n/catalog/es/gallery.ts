import type { gallery as en } from "#app/i18n/catalog/en/gallery.ts";

export const gallery: Record<keyof typeof en, string> = {
  "gallery.title": "Galería de remodelaciones",
  "gallery.serviceTitle": "Fotos de {service}",
  "gallery.pagedTitle": "{title}, página {page}",
  "gallery.metaDescription":
    "Fotos de cocinas, baños, pisos, azulejos y cercas que {name} ha terminado para propietarios de casas en {city}, {region} y sus alrededores.",
  "gallery.metaDescriptionService":
    "Fotos de trabajos de {service} que {name} ha terminado para propietarios de casas en {city}, {region} y sus alrededores.",
  "gallery.subtitle": "Fotos de trabajos que hemos terminado en {city} y sus alrededores",
  "gallery.allPhotos": "Todas las fotos",
  "gallery.pageOf": "{title}, página {page} de {pageCount}",
  "gallery.filters": "Categorías de fotos",
  "gallery.filterAll": "Todas",
  "gallery.pages": "Páginas de la galería",
  "gallery.empty.title": "Todavía no hay fotos aquí",
  "gallery.empty.text":
    "Estamos reuniendo fotos de cocinas, baños, pisos y cercas recientes. Mientras tanto, nuestras páginas de servicios describen el trabajo en detalle, y con gusto le mostramos ejemplos de nuestro trabajo cuando lo visitemos para su estimado gratis.",
  "gallery.empty.servicesTitle": "Lo que construimos",
  "gallery.empty.servicesMore": "Vea nuestros servicios",
  "gallery.unavailable.title": "Por ahora no podemos mostrar las fotos",
  "gallery.unavailable.text":
    "Nuestra galería de fotos tiene un problema de nuestro lado. Intente de nuevo en un minuto. Nuestras páginas de servicios describen cada tipo de trabajo que hacemos, y puede pedir un estimado gratis cuando quiera.",
  "photo.metaTitle": "{heading} | Foto de {service}",
  "photo.metaDescription": "{alt}. {service} por {name} para un cliente de {city}, {region}.",
  "photo.metaDescriptionPlain": "{alt}. Un trabajo terminado por {name} para un cliente de {city}, {region}.",
  "photo.back": "Volver a la galería",
  "photo.estimateFor": "Pida un estimado gratis de {service}",
  "photo.others": "Otras fotos",
  "photo.unavailable": "Por ahora no podemos mostrar esta foto. Intente de nuevo en un minuto.",
  "list.all": "Todos",
  "list.previousPage": "Página anterior",
  "list.nextPage": "Página siguiente",
  "list.page": "Página",
  "list.unavailable.services": "Vea nuestros servicios",
};
