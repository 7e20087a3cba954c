import type { quoteMail as en } from "#app/i18n/catalog/en/quote-mail.ts";

/** The quote's emails in Spanish, with "usted" (ADR 064): a quote is a "cotización". */
export const quoteMail: Record<keyof typeof en, string> = {
  "quoteMail.subject.sent": "Su cotización de {business}: {title}",
  "quoteMail.subject.updated": "Su cotización actualizada de {business}: {title}",
  "quoteMail.subject.followUp": "Seguimiento de su cotización de {business}: {title}",
  "quoteMail.lead.sent":
    "Gracias por darnos la oportunidad de cotizar su proyecto. Su cotización por escrito ya está lista para verla en línea.",
  "quoteMail.lead.replaces": "Esta cotización actualizada reemplaza la que le enviamos el {date}. Por favor use esta.",
  "quoteMail.lead.followUp":
    "{round, select, 1 {Queremos asegurarnos de que le llegó la cotización que le enviamos el {date}. Está lista para cuando usted quiera.} other {Le escribimos una última vez sobre la cotización que le enviamos el {date}. Con gusto le contestamos cualquier pregunta.}}",
  "quoteMail.options": "{count, plural, one {El total} other {Sus opciones}}",
  "quoteMail.optionTotal": "{name}: {total}",
  "quoteMail.extrasNote": "En la cotización aparecen los extras opcionales que puede agregar.",
  "quoteMail.validUntil": "Esta cotización es válida hasta el {date}.",
  "quoteMail.button": "Ver su cotización",
  "quoteMail.linkIntro": "Abra su cotización aquí:",
  "quoteMail.howToAnswer":
    "En la página de la cotización puede escoger una opción, hacernos una pregunta o pedir cambios, y firmar cuando usted lo decida.",
  "quoteMail.questions": "¿Prefiere hablarlo por teléfono? Llámenos al {phone}.",
  "quoteMail.questionsOrWrite": "¿Prefiere hablarlo por teléfono? Llámenos al {phone} o escríbanos a {email}.",
  "quoteMail.noPressure": "No tiene ningún compromiso: si no es buen momento, solo avísenos.",
  "quoteMail.keepLink": "Este enlace es solo para usted: por favor no lo comparta.",
  "quoteMail.subject.signed": "Su cotización firmada de {business}: {title}",
  "quoteMail.lead.signed":
    "Gracias. Usted firmó la versión {version} de la cotización {number} el {date}. Le mandamos adjunta su copia firmada en PDF: guárdela, por favor.",
  "quoteMail.signed.download": "También la puede descargar cuando quiera desde la página de su cotización:",
  "quoteMail.signed.paper": "¿Quiere una copia en papel? Pídanosla y se la damos sin costo.",
  "quoteMail.signed.next": "Nos comunicaremos con usted para planear el inicio del trabajo.",
};
