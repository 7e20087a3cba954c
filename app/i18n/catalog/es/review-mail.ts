import type { reviewMail as en } from "#app/i18n/catalog/en/review-mail.ts";

/** La solicitud de reseña y su único recordatorio, con "usted" (ADR 064); el original es ../en/review-mail.ts. */
export const reviewMail: Record<keyof typeof en, string> = {
  "reviewMail.subject.request": "¿Cómo le pareció nuestro trabajo? Una reseña rápida para {business}",
  "reviewMail.subject.reminder": "Un recordatorio: su reseña de {business}",
  "reviewMail.thanks.service":
    "Gracias por elegirnos para su proyecto ({service}). Esperamos que el trabajo haya quedado como usted quería.",
  "reviewMail.thanks.plain": "Gracias por elegirnos para su proyecto. Esperamos que el trabajo haya quedado como usted quería.",
  "reviewMail.ask":
    "¿Nos regala un minuto para dejarnos una reseña? Las reseñas sinceras ayudan a sus vecinos a escoger un contratista de confianza, y a nosotros nos ayudan a seguir mejorando.",
  "reviewMail.reminder.lead":
    "Hace unos días le preguntamos cómo le fue con su proyecto. Si tiene un minuto, le agradeceríamos mucho su reseña: ayuda a sus vecinos a escoger un contratista de confianza.",
  "reviewMail.reminder.last": "Es el único recordatorio que le enviamos.",
  "reviewMail.button": "Escribir una reseña",
  "reviewMail.linkIntro": "Escriba su reseña aquí:",
  "reviewMail.private": "O cuéntenos en privado qué tal lo hicimos",
  "reviewMail.questions": "¿Algo que arreglar o alguna pregunta? Llámenos al {phone}.",
  "reviewMail.why": "Recibe este correo porque hicimos un trabajo para usted.",
  "reviewMail.unsubscribe": "¿No quiere recibir correos como este? Dese de baja aquí:",
  "reviewMail.unsubscribeLink": "Dejar de recibir correos de reseñas",
};
