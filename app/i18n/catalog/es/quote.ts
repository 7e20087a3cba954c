import type { quote as en } from "#app/i18n/catalog/en/quote.ts";

/** La página de la cotización, para dueños de casa en Houston, de "usted" (ADR 064). */
export const quote: Record<keyof typeof en, string> = {
  "quote.meta.title": "Cotización {number}",
  "quote.meta.description": "Su cotización por escrito de {name}: léala, elija una opción, haga una pregunta o fírmela en línea.",

  "quote.head.eyebrow": "Cotización {number} · versión {version}",
  "quote.head.from": "De {name}",
  "quote.head.call": "Llame al {phone}",
  "quote.head.sent": "Enviada el {date}",
  "quote.head.validUntil": "Válida hasta el {date}",
  "quote.head.expired": "Esta cotización era válida hasta el {date}. Llámenos para confirmar los precios antes de firmar.",

  "quote.options.headingMany": "Elija una opción",
  "quote.options.headingOne": "Lo que incluye el trabajo",
  "quote.options.help": "Al elegir una opción, las demás quedan fuera. Dentro de la opción que elija puede marcar extras opcionales.",
  "quote.option.choose": "Elegir {name}",
  "quote.option.chosen": "Su elección",
  "quote.option.from": "{amount} sin extras",
  "quote.section.lines": "{title}: conceptos y precios",
  "quote.line.description": "Concepto",
  "quote.line.quantity": "Cantidad",
  "quote.line.unitPrice": "Precio unitario",
  "quote.line.amount": "Importe",
  "quote.line.allowance": "Presupuesto asignado",
  "quote.line.optional": "Extra opcional",
  "quote.line.addExtra": "Agregar este extra",
  "quote.extras.heading": "Extras opcionales que eligió",
  "quote.extras.none": "Sin extras opcionales.",

  "quote.exclusions.heading": "No incluye",
  "quote.assumptions.heading": "Este precio supone que",

  "quote.totals.heading": "Su total",
  "quote.totals.forOption": "Para {name}",
  "quote.totals.base": "Trabajo",
  "quote.totals.extras": "Extras opcionales",
  "quote.totals.subtotal": "Subtotal",
  "quote.totals.tax": "Impuesto sobre la venta ({rate})",
  "quote.totals.total": "Total",
  "quote.totals.update": "Actualizar el total",
  "quote.totals.updated": "Total actualizado: {amount}.",
  "quote.schedule.heading": "Calendario de pagos",
  "quote.schedule.deposit": "Anticipo al firmar",
  "quote.schedule.final": "Pago final, después del recorrido final",

  "quote.details.heading": "Fechas, garantía y condiciones",
  "quote.details.start": "Inicio previsto",
  "quote.details.duration": "Duración prevista",
  "quote.details.days": "{count, plural, one {# día} other {# días}}",
  "quote.details.weeks": "{count, plural, one {# semana} other {# semanas}}",
  "quote.details.warranty": "Garantía",
  "quote.details.terms": "Condiciones",

  "quote.notices.heading": "Avisos que exige la ley de Texas",
  "quote.notices.source": "Fuente: {source}",

  "quote.ask.heading": "¿Preguntas o cambios?",
  "quote.ask.help":
    "Pregunte lo que quiera, o díganos qué le gustaría cambiar. {name} le contesta por teléfono o por correo, y le manda una nueva versión si algo cambia.",
  "quote.ask.kind": "¿Qué desea?",
  "quote.ask.question": "Hacer una pregunta",
  "quote.ask.changes": "Pedir cambios",
  "quote.ask.message": "Su mensaje",
  "quote.ask.send": "Enviar",
  "quote.ask.sent": "Gracias: {name} recibió su mensaje y le contestará pronto.",

  "quote.sign.continue": "Continuar para firmar",
  "quote.sign.step": "Paso {step} de 3",
  "quote.sign.pickHeading": "Su elección",
  "quote.sign.changePick": "Cambiar mi elección",
  "quote.sign.agreementHeading": "Lo que va a firmar",
  "quote.sign.agreementIntro": "Cotización {number}, versión {version}, para {option}, tal como se envió el {date}.",
  "quote.sign.consentHeading": "Acepte firmar de forma electrónica",
  "quote.sign.consentIntro": "Antes de que firme en línea, la ley federal (la ley ESIGN) nos pide informarle lo siguiente.",
  "quote.sign.consentPaper":
    "Usted tiene derecho a recibir en papel esta cotización, el contrato firmado y los documentos que lo acompañan. La copia en papel es gratis: pídala a {name} al {phone} o a {email}, y se la enviamos por correo o se la entregamos en persona.",
  "quote.sign.consentPaperNoEmail":
    "Usted tiene derecho a recibir en papel esta cotización, el contrato firmado y los documentos que lo acompañan. La copia en papel es gratis: pídala a {name} al {phone}, y se la enviamos por correo o se la entregamos en persona.",
  "quote.sign.consentWithdraw":
    "Puede retirar su consentimiento a los documentos electrónicos cuando quiera, sin costo, avisándonos por teléfono o por correo. Desde entonces le mandaremos copias en papel; retirarlo no anula una firma ya dada.",
  "quote.sign.consentScope":
    "Este consentimiento cubre esta cotización y los documentos de este trabajo: el contrato firmado, sus avisos y sus copias.",
  "quote.sign.consentSystems":
    "Para abrir y guardar estos documentos necesita un teléfono o una computadora con navegador de internet, un lector de PDF (casi todos lo tienen) y un correo electrónico donde podamos enviárselos. Puede guardar o imprimir el PDF firmado.",
  "quote.sign.consentEmail":
    "Para cambiar el correo electrónico al que le enviamos los documentos, llámenos o escríbanos y lo actualizamos.",
  "quote.sign.consentCheckbox": "Acepto firmar y recibir estos documentos de forma electrónica",
  "quote.sign.signHeading": "Firmar",
  "quote.sign.fullName": "Su nombre completo",
  "quote.sign.fullNameHelp": "Escriba su nombre como lo firmaría.",
  "quote.sign.markLabel": "Su firma (opcional)",
  "quote.sign.markHelp": "Dibuje su firma con el dedo o con el mouse. Su nombre escrito basta para firmar.",
  "quote.sign.markClear": "Borrar el dibujo",
  "quote.sign.useTyped": "Usar mi nombre escrito como mi firma",
  "quote.sign.submit": "Firmar",
  "quote.sign.legal":
    "Al seleccionar “Firmar”, usted acepta esta cotización con la opción y los extras que se muestran arriba, por un total de {total}.",

  "quote.signed.heading": "Firmada",
  "quote.signed.by": "Firmada por {name} el {date}.",
  "quote.signed.already": "Esta versión ya estaba firmada, así que no hace falta nada más.",
  "quote.signed.thanks": "Gracias. {name} se comunicará con usted para programar el trabajo.",
  "quote.signed.pdf": "Descargar el PDF firmado",
  "quote.signed.pdfWait": "Estamos preparando el PDF firmado; también le llegará por correo electrónico.",

  "quote.error.summary": "Revise lo siguiente e inténtelo otra vez.",
  "quote.error.kind": "Elija si es una pregunta o un cambio que desea.",
  "quote.error.message-required": "Escriba su mensaje.",
  "quote.error.message-too-long": "Su mensaje debe tener menos de {max} caracteres.",
  "quote.error.consent":
    "Marque “Acepto firmar y recibir estos documentos de forma electrónica” para firmar en línea, o llámenos para recibir una copia en papel.",
  "quote.error.name-required": "Escriba su nombre completo.",
  "quote.error.name-too-long": "Su nombre completo debe tener menos de {max} caracteres.",
  "quote.error.mark-too-long": "Su firma dibujada es demasiado larga. Bórrela y dibújela otra vez, o use su nombre escrito como firma.",
  "quote.error.mark-invalid": "No pudimos leer su firma dibujada. Bórrela y dibújela otra vez, o use su nombre escrito como firma.",
  "quote.error.option": "Elija una de las opciones de esta cotización.",
  "quote.error.extra": "Uno de los extras que marcó no es parte de la opción que eligió. Revise su elección.",
  "quote.error.changed": "Esta cotización cambió mientras la leía. Léala otra vez abajo y luego fírmela.",
  "quote.error.not-current": "Esta cotización cambió después de que la abrió. Lea la versión {version} y fírmela.",
  "quote.error.intent": "No pudimos leer ese formulario. Inténtelo otra vez.",
};
