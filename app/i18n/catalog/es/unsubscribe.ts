/** La página del enlace para darse de baja (/es/baja/<token>, issue 29); el original es ../en/unsubscribe.ts. */
import type { unsubscribe as en } from "#app/i18n/catalog/en/unsubscribe.ts";

export const unsubscribe: Record<keyof typeof en, string> = {
  "unsubscribe.meta.title": "Dejar de recibir estos correos",
  "unsubscribe.title": "¿Dejar de recibir estos correos?",
  "unsubscribe.intro":
    "Dejaremos de enviar a esta dirección correos como el que le trajo aquí. Los correos sobre un trabajo o una cotización que usted pidió siguen llegando.",
  "unsubscribe.button": "Sí, no quiero recibir más estos correos",
  "unsubscribe.done.title": "Ya se dio de baja",
  "unsubscribe.done": "No volverá a recibir estos correos.",
};
