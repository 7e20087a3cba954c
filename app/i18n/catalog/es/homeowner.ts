import type { homeowner as en } from "#app/i18n/catalog/en/homeowner.ts";

/** La página propia del cliente (/es/mi/<token>): sus solicitudes, su visita, sus cotizaciones y nuestros mensajes. */
export const homeowner: Record<keyof typeof en, string> = {
  "homeowner.meta.title": "Sus solicitudes",
  "homeowner.meta.description": "Sus solicitudes de estimado, su visita, sus cotizaciones y los mensajes que le enviamos.",
  "homeowner.title": "Sus solicitudes con {business}",
  "homeowner.intro":
    "Todo lo que usted nos envió y todo lo que le enviamos, en un solo lugar. No comparta este enlace: abre esta página sin contraseña.",
  "homeowner.call": "¿Tiene preguntas? Llámenos al {phone}.",
  "homeowner.callButton": "Llamar al {phone}",

  "homeowner.requests.title": "Sus solicitudes",
  "homeowner.requests.none": "Todavía no tenemos ninguna solicitud de estimado con este correo.",
  "homeowner.request.sent": "Enviada el {date}",
  "homeowner.request.reference": "Referencia {reference}",
  "homeowner.request.message": "Lo que nos contó",
  "homeowner.request.photos": "Sus fotos",
  "homeowner.request.photoAlt": "Foto {number} que nos envió ({name})",
  "homeowner.request.status": "Cómo va",
  "homeowner.status.received": "Recibida: pronto nos comunicamos con usted",
  "homeowner.status.contacted": "Ya nos comunicamos con usted",
  "homeowner.status.scheduled": "Visita programada",
  "homeowner.status.quoted": "Cotización enviada: la encuentra abajo",
  "homeowner.status.won": "Trabajo acordado",
  "homeowner.status.done": "Trabajo terminado",
  "homeowner.status.closed": "Cerrada",

  "homeowner.visit.title": "Su visita",
  "homeowner.visit.none": "Todavía no hay una visita programada. Nos comunicaremos con usted para acordar el día.",
  "homeowner.visit.cancelled": "La visita del {day} se canceló. Nos comunicaremos con usted para buscar otro día.",

  "homeowner.quotes.title": "Sus cotizaciones",
  "homeowner.quote.name": "Cotización {number}",
  "homeowner.quote.sentOn": "Enviada el {date}",
  "homeowner.quote.status.sent": "Esperando su respuesta",
  "homeowner.quote.status.signed": "Firmada el {date}",
  "homeowner.quote.status.declined": "Rechazada",
  "homeowner.quote.total": "Total: {total}",
  "homeowner.quote.range": "De {low} a {high}, según la opción que elija",
  "homeowner.quote.open": "Ver la cotización {number}",
  "homeowner.quote.pdf": "Descargar el PDF firmado",

  "homeowner.replies.title": "Mensajes que le enviamos",
  "homeowner.replies.none": "Todavía no le hemos escrito desde aquí.",
  "homeowner.reply.date": "Enviado el {date}",

  "homeowner.code.title": "Confirme que es usted",
  "homeowner.code.why":
    "Le enviamos este enlace por correo hace más de 14 días. Para proteger sus datos, le mandaremos un código de 6 dígitos a {email}, el correo con el que nos envió su solicitud.",
  "homeowner.code.send": "Enviarme un código",
  "homeowner.code.sent": "Le enviamos un código a {email}. Sirve durante 15 minutos.",
  "homeowner.code.label": "El código de 6 dígitos",
  "homeowner.code.check": "Abrir mi página",
  "homeowner.code.again": "¿No le llegó? Revise la carpeta de correo no deseado, o pida un código nuevo.",
  "homeowner.code.invalid": "Escriba los 6 dígitos del código que le enviamos por correo.",
  "homeowner.code.wrong":
    "Ese no es el código que le enviamos. Revíselo e intente de nuevo ({left, plural, one {le queda # intento} other {le quedan # intentos}}).",
  "homeowner.code.locked":
    "Este código ya no sirve: se escribió mal demasiadas veces o tiene más de 15 minutos. Pida uno nuevo, por favor.",
  "homeowner.code.limited":
    "Ya le enviamos varios códigos. Espere unos {minutes, plural, one {# minuto} other {# minutos}} y vuelva a pedirlo, o llámenos.",

  "homeowner.mail.code.subject": "Su código para {business}: {code}",
  "homeowner.mail.code.body": "Su código para abrir su página con {business} es:",
  "homeowner.mail.code.valid": "Sirve durante 15 minutos.",
  "homeowner.mail.code.ignore": "Si usted no pidió un código, puede ignorar este correo: nadie puede abrir su página sin él.",
  "homeowner.mail.link.confirm": "Siga su solicitud, su visita y nuestra cotización cuando quiera en su propia página (sin contraseña):",
  "homeowner.mail.link.reply": "Sus solicitudes, su visita y sus cotizaciones están en su propia página:",
  "homeowner.mail.link.private": "No comparta este enlace: abre su página.",
};
