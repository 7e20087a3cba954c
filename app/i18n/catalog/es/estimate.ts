import type { estimate as en } from "#app/i18n/catalog/en/estimate.ts";

/** The estimate form and the contact page in Spanish, for Houston homeowners, with "usted" (ADR 064). */
export const estimate: Record<keyof typeof en, string> = {
  "estimate.error.required":
    "{field, select, from_name {Escriba su nombre completo.} email {Escriba su correo electrónico.} phone {Escriba su número de teléfono.} subject {Elija qué necesita.} other {Llene este campo.}}",
  "estimate.error.tooLong":
    "{field, select, email {Ese correo electrónico es demasiado largo.} phone {Ese número de teléfono es demasiado largo.} from_name {Su nombre completo debe tener menos de {max} caracteres.} subject {Lo que necesita debe tener menos de {max} caracteres.} message {El mensaje debe tener menos de {max} caracteres.} street_address {La dirección debe tener menos de {max} caracteres.} best_time {El mejor horario debe tener menos de {max} caracteres.} other {Este campo debe tener menos de {max} caracteres.}}",
  "estimate.error.email": "Escriba un correo electrónico válido, como nombre@ejemplo.com.",
  "estimate.error.phoneCharacters": "Use solo números, espacios, ( ) . - y +, como (713) 555-0147.",
  "estimate.error.phoneDigits": "Escriba un número de teléfono con código de área (por lo menos 10 dígitos).",
  "estimate.error.zip": "Escriba un código postal de 5 dígitos, como 77008, o déjelo vacío.",
  "estimate.error.contactMethod": "Elija una llamada, un mensaje de texto o un correo electrónico.",

  "estimate.answer.success": "Su solicitud fue enviada",
  "estimate.answer.checkFields": "Revise los campos marcados y envíe el formulario otra vez.",
  "estimate.answer.busy":
    "No pudimos guardar su solicitud en este momento: el sitio está muy ocupado. Envíela otra vez en un minuto, o llámenos.",
  "estimate.answer.tooMany":
    "Usted envió varias solicitudes en poco tiempo. Espere unos {minutes, plural, one {# minuto} other {# minutos}} y vuelva a intentarlo, o llámenos.",
  "estimate.answer.unsupported": "Envíe el formulario de estimado desde la página: este tipo de solicitud no se acepta.",
  "estimate.answer.tooLarge": "Esta solicitud es demasiado grande para el formulario de estimado.",
  "estimate.answer.photosTooLarge":
    "Esta solicitud es demasiado grande: puede enviar hasta {max} fotos de hasta {size} cada una. Envíe menos fotos o fotos más pequeñas (su teléfono puede compartirlas en un tamaño menor), o llámenos.",
  "estimate.answer.unreadable": "No pudimos leer el formulario. Vuelva a intentarlo.",
  "estimate.answer.noPage":
    "Envíe el formulario de estimado desde su página en este sitio: a esta dirección no se le indicó de qué página venía.",
  "estimate.answer.postOnly": "El formulario de estimado se envía aquí con POST, desde su página en este sitio.",

  "estimate.photo.notPhotoReason": "no es una foto que podamos leer. Envíe una foto JPEG, PNG, WebP, AVIF, GIF o HEIC (iPhone).",
  "estimate.photo.tooMany":
    "No guardamos “{name}”: una solicitud puede llevar {max} fotos. Envíenos las demás respondiendo a nuestro correo.",
  "estimate.photo.empty": "No guardamos “{name}”: el archivo está vacío (0 bytes). Elija la foto otra vez.",
  "estimate.photo.tooLarge":
    "No guardamos “{name}”: pesa más de {size}, la foto más grande que aceptamos. Su teléfono puede compartirla en un tamaño menor.",
  "estimate.photo.notAnImage": "No guardamos “{name}”: {reason}",
  "estimate.photo.rejected":
    "No guardamos “{name}”. {kind, select, unsupportedType {No es una foto que podamos leer. Envíe una foto JPEG, PNG, WebP, AVIF, GIF o HEIC (iPhone).} tooManyPixels {La imagen tiene demasiados píxeles. Envíe una versión más pequeña.} tooLarge {El archivo HEIC es demasiado grande. Envíe una foto más pequeña.} corrupt {La imagen está dañada o incompleta y no se pudo leer. Intente enviarla otra vez.} other {{why}}}",
  "estimate.photo.notSaved": "No pudimos guardar “{name}” en este momento. Envíenosla respondiendo a nuestro correo.",
  "estimate.photo.overBudget":
    "No guardamos “{name}”: junto con las fotos anteriores, pasa de los {megapixels} megapíxeles que puede llevar una solicitud. Envíenosla respondiendo a nuestro correo.",
  "estimate.photo.busy":
    "No pudimos preparar “{name}” en este momento: estamos procesando muchas fotos. Envíenosla respondiendo a nuestro correo.",

  "estimate.form.requiredBefore": "Los campos con",
  "estimate.form.requiredWord": "asterisco",
  "estimate.form.requiredAfter": "son obligatorios.",
  "estimate.label.from_name": "Nombre completo",
  "estimate.label.email": "Correo electrónico",
  "estimate.label.phone": "Teléfono",
  "estimate.label.subject": "¿Qué necesita?",
  "estimate.label.message": "Mensaje",
  "estimate.label.messageOptional": "Mensaje (opcional)",
  "estimate.label.zip": "Código postal",
  "estimate.label.street_address": "Dirección",
  "estimate.label.contact_method": "¿Cómo le contactamos?",
  "estimate.label.best_time": "Mejor horario para contactarle",
  "estimate.label.photos": "Fotos del trabajo",
  "estimate.phone.title": "Un número de teléfono con código de área, como (713) 555-0147",
  "estimate.zip.title": "Cinco dígitos, como 77008",
  "estimate.subject.choose": "Elija un servicio",
  "estimate.optional.legend": "Opcional: dónde, cómo contactarle, fotos",
  "estimate.contact.call": "Llamada",
  "estimate.contact.text": "Mensaje de texto",
  "estimate.contact.email": "Correo electrónico",
  "estimate.bestTime.placeholder": "Entre semana después de las 5 pm",
  "estimate.trap": "Deje este campo vacío",
  "estimate.submit": "Enviar solicitud",
  "estimate.sending": "Enviando…",

  "estimate.photos.hint": "Hasta {max} fotos (JPEG, PNG, WebP o HEIC), de hasta {mb} MB cada una. De su cámara o de su galería.",
  "estimate.photos.add": "Agregar fotos",
  "estimate.photos.count":
    "{count, plural, =0 {Todavía no ha elegido fotos} one {# foto elegida de {max}} other {# fotos elegidas de {max}}}",
  "estimate.photos.list": "Fotos elegidas",
  "estimate.photos.remove": "Quitar",
  "estimate.photos.removed": "Se quitó {name}.",
  "estimate.photos.sendingOne": "Enviando {name}",
  "estimate.photos.empty": "{name} está vacío, así que no se agregó.",
  "estimate.photos.tooBig": "{name} pesa {size}, más del límite de {mb} MB por foto, así que no se agregó.",
  "estimate.photos.notAdded": "No se agregó “{name}”: {reason}",
  "estimate.photos.overOne": "Puede enviar hasta {max} fotos, así que 1 foto no se agregó.",
  "estimate.photos.overOther": "Puede enviar hasta {max} fotos, así que {count} fotos no se agregaron.",

  "estimate.toast.dismiss": "Cerrar mensaje",
  "estimate.net.offline":
    "No pudimos comunicarnos con nuestro servidor, así que su solicitud no se envió. Revise su conexión y vuelva a intentarlo; lo que escribió sigue aquí.",
  "estimate.net.serverError":
    "Algo salió mal de nuestro lado (error {status}), así que es posible que su solicitud no se haya enviado. Vuelva a intentarlo en un minuto, o llámenos.",

  "estimate.done.title": "Recibimos su solicitud",
  "estimate.done.referenceBefore": "Su número de referencia:",
  "estimate.done.referenceAfter": ". Menciónelo si nos llama.",
  "estimate.done.next": "Qué sigue",
  "estimate.done.questions": "¿Tiene preguntas antes? Llámenos al",
  "estimate.done.refused": "No pudimos guardar estas fotos; puede enviárnoslas por mensaje de texto o por correo:",
  "estimate.done.another": "Enviar otra solicitud",
  "estimate.step.reach":
    "{method, select, call {Le llamamos al {contact} para acordar un horario.} text {Le enviamos un mensaje de texto al {contact} para acordar un horario.} email {Le escribimos a {contact} para acordar un horario.} other {Le llamamos o le enviamos un mensaje de texto para acordar un horario.}}",
  "estimate.step.visit": "Vamos a su casa a medir y a hablar de las opciones.",
  "estimate.step.quote": "Usted recibe una cotización por escrito, gratis y sin compromiso.",

  "contact.meta.title": "Contáctenos para un estimado gratis",
  "contact.meta.description": "Llame al {phone} o envíe el formulario para recibir un estimado gratis de remodelación en {location}.",
  "contact.meta.descriptionEmail":
    "Llame al {phone}, escriba a {email} o envíe el formulario para recibir un estimado gratis de remodelación en {location}.",
  "contact.title": "Contáctenos",
  "contact.subtitle": "Estimados gratis para casas y negocios en {city}",
  "contact.intro.title": "Llene el formulario o contáctenos por los medios que aparecen abajo",
  "contact.intro.text":
    "Cuéntenos del cuarto, la reparación o el proyecto que tiene en mente. Le respondemos y programamos una visita para medir y darle una cotización por escrito.",
  "contact.details.title": "Llame, escriba o visítenos",
  "contact.details.phone": "Teléfono",
  "contact.details.email": "Correo electrónico",
  "contact.details.address": "Dirección",
  "contact.details.location": "Ubicación",
  "contact.details.hours": "Horario",
  "contact.details.links": "Encuéntrenos en línea",
};
