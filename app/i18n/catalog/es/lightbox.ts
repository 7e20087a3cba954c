import type { lightbox as en } from "#app/i18n/catalog/en/lightbox.ts";

export const lightbox: Record<keyof typeof en, string> = {
  "lightbox.fromProject": "Del proyecto: ",
  "lightbox.photo": "Foto",
  "lightbox.position": "Foto {position} de {total}",
  "lightbox.share": "Compartir",
  "lightbox.shareWhat": " esta foto",
  "lightbox.close": "Cerrar",
  "lightbox.estimate": "Pida un estimado gratis",
  "lightbox.estimateFor": " de ",
  "lightbox.project": "Ver el proyecto: ",
  "lightbox.previous": "Foto anterior",
  "lightbox.next": "Foto siguiente",
  "lightbox.copied": "Enlace copiado. Péguelo en un mensaje o un correo.",
  "lightbox.failed": "No pudimos cargar esa foto. Revise su conexión e intente de nuevo.",
  "lightbox.error.noCategory": "No tenemos esa categoría de fotos.",
  "lightbox.error.notFound": "Esa foto ya no está en la galería. Tal vez la quitamos; vuelva a cargar la galería.",
  "lightbox.error.unavailable": "No podemos mostrar la foto en este momento. Intente de nuevo en un minuto.",
};
