/**
 * La página de reseña de un trabajo terminado (/es/resena/<token>, issue 29): el enlace para la
 * reseña pública, el mismo para todos los clientes, y al lado, nunca en su lugar, "cuéntenos cómo
 * nos fue" en privado. Gemela de ../en/review.ts.
 */
import type { review as en } from "#app/i18n/catalog/en/review.ts";

export const review: Record<keyof typeof en, string> = {
  "review.meta.title": "¿Cómo nos fue?",
  "review.meta.description": "Deje una reseña pública, o cuéntenos en privado cómo le fue con su trabajo.",
  "review.title": "Gracias por elegir a {business}",
  "review.intro":
    "Su trabajo está terminado. Si tiene un minuto, una reseña pública ayuda a otras familias de Houston a decidir a quién llamar.",
  "review.public.google": "Deje una reseña en Google",
  "review.public.other": "Deje una reseña pública",
  "review.public.same":
    "Les enviamos este mismo enlace a todos nuestros clientes, sin importar lo que opinen de nuestro trabajo. Lo que escriba ahí es decisión suya.",
  "review.private.title": "O cuéntenos en privado cómo nos fue",
  "review.private.intro":
    "Solo {business} lo lee. No reemplaza una reseña pública, y para dejar una reseña pública no hace falta: puede hacer una cosa, las dos o ninguna.",
  "review.rating.legend": "Su calificación",
  "review.rating.1": "1 — Muy mal",
  "review.rating.2": "2 — Mal",
  "review.rating.3": "3 — Regular",
  "review.rating.4": "4 — Bien",
  "review.rating.5": "5 — Excelente",
  "review.comment.label": "Su comentario (opcional)",
  "review.comment.hint": "Qué salió bien y qué podemos mejorar. Hasta {max} caracteres.",
  "review.consent.label": "Pueden citar mis palabras en su sitio web con mi nombre de pila y mi vecindario",
  "review.consent.hint": "Solo si marca esta casilla, y solo cuando {business} decida publicarlas. Su calificación nunca se muestra.",
  "review.firstName.label": "Su nombre de pila",
  "review.place.label": "Su vecindario (opcional)",
  "review.place.hint": "Por ejemplo “Heights” o “Katy”. Nunca su calle.",
  "review.submit": "Enviar mi opinión",
  "review.sent": "¡Gracias! {business} ya recibió su opinión.",
  "review.previous": "Nos envió su opinión el {date}. Si la envía de nuevo, reemplaza la anterior.",
  "review.call": "¿Prefiere hablar con alguien? Llámenos:",
  "review.error.rating": "Calificación: elija un número del 1 al 5, por favor.",
  "review.error.comment-too-long": "Comentario: por favor no pase de {max} caracteres.",
  "review.error.name-required": "Nombre de pila: para citarle necesitamos su nombre de pila. Escríbalo, o desmarque la casilla.",
  "review.error.name-too-long": "Nombre de pila: por favor no pase de {max} caracteres.",
  "review.error.place-too-long": "Vecindario: por favor no pase de {max} caracteres.",
  "review.homeownerLink": "Cuéntenos cómo nos fue",
};
