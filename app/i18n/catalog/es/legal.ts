import type { legal as en } from "#app/i18n/catalog/en/legal.ts";

/**
 * The policies in Spanish, for Houston homeowners (ADR 064): the same facts and the same data
 * practices as the English pages, with "usted". Tags and apostrophes as in ../en/legal.ts.
 */
export const legal: Record<keyof typeof en, string> = {
  "legal.updated": "Última actualización: {date}",
  "legal.nav": "Políticas",

  "legal.terms.title": "Términos de uso",
  "legal.terms.description":
    "Las condiciones para usar el sitio web de {name}: solicitudes de estimado, cuentas, nuestro contenido y a quién contactar en {city}.",
  "legal.terms.intro":
    "Este sitio web pertenece a {name}, contratista de reparaciones y remodelación de viviendas en {location}. Al usarlo, enviarnos una solicitud de estimado o crear una cuenta, usted acepta estos términos. Son breves a propósito; si algo no le queda claro, llámenos al <phone>{phone}</phone>.",
  "legal.terms.estimates.title": "Estimados y cotizaciones",
  "legal.terms.estimates.p1":
    "Al enviar el formulario de estimado, usted nos pide que lo contactemos; no encarga ningún trabajo y no le cuesta nada. Le respondemos y, si usted quiere, lo visitamos para tomar medidas. Los precios, los materiales y las fechas se acuerdan solo en una cotización por escrito o un contrato firmado por ambas partes. Ese documento, y no este sitio web, rige el trabajo y cualquier garantía.",
  "legal.terms.estimates.p2":
    "Le pedimos que nos dé datos de contacto verdaderos y que describa su proyecto con honestidad, para poder responderle y cotizar correctamente. Las fotos y descripciones de este sitio muestran trabajos anteriores y opciones comunes: el precio de su proyecto se basa en lo que vemos en su casa.",
  "legal.terms.accounts.title": "Cuentas",
  "legal.terms.accounts.p1":
    "Una cuenta le permite seguir las solicitudes de estimado que nos envía. No comparta su contraseña con nadie y use una que no use en ningún otro lugar. Si cree que otra persona usó su cuenta, cambie su contraseña en la <profile>página de su cuenta</profile>; así también se cierra la sesión en todos los demás navegadores. Podemos cerrar una cuenta que se use para dañar el sitio o a otras personas. Puede pedirnos que borremos su cuenta en cualquier momento escribiendo a <email>{email}</email>.",
  "legal.terms.content.title": "Nuestro contenido",
  "legal.terms.content.p1":
    "Los textos, las fotos y los dibujos de este sitio pertenecen a {name}. Puede compartir enlaces a nuestras páginas e imprimirlas para su propio proyecto, pero no copiarlas para venderlas ni para anunciar el trabajo de otra persona.",
  "legal.terms.website.title": "El sitio web",
  "legal.terms.website.p1":
    "Procuramos que el sitio esté disponible y sea correcto, pero se ofrece tal como está: una página puede estar desactualizada o no estar disponible por un momento. Nada en el sitio es asesoría profesional para una vivienda en particular; para eso, pídanos una visita. Estos términos se rigen por las leyes del Estado de Texas.",
  "legal.terms.data.title": "Sus datos",
  "legal.terms.data.p1":
    "Cómo manejamos lo que usted nos envía se explica en nuestra <privacy>Política de datos</privacy>; las únicas cookies que usamos aparecen en nuestra <cookies>Política de cookies</cookies>.",
  "legal.terms.changes.title": "Cambios y contacto",
  "legal.terms.changes.p1":
    "Cuando cambiamos estos términos, actualizamos la fecha al principio de esta página. Si tiene preguntas, escriba a <email>{email}</email> o llame al <phone>{phone}</phone>.",

  "legal.privacy.title": "Política de datos",
  "legal.privacy.description":
    "Qué datos recopila {name} cuando usted pide un estimado o crea una cuenta, para qué, cuánto tiempo los guardamos y cómo pedir que se borren.",
  "legal.privacy.intro":
    "{name} es un contratista de reparaciones y remodelación de viviendas en {location}. Esta página explica qué sabemos de usted a través de este sitio web, qué hacemos con esa información y cómo puede pedir que se borre. No vendemos su información ni la usamos para publicidad.",
  "legal.privacy.collect.title": "Qué datos recopilamos",
  "legal.privacy.collect.requests":
    "<strong>Solicitudes de estimado.</strong> Su nombre, correo electrónico, teléfono, el asunto y los detalles del proyecto que escribe en el formulario, la hora en que lo envió y la página desde donde lo envió; y, si nos los da, su código postal (para ver si está dentro de nuestra zona de servicio), su dirección y cómo y cuándo prefiere que lo contactemos. También anotamos dónde empezó su visita: la primera página que abrió en este sitio, el sitio que lo trajo aquí y las etiquetas de campaña de ese enlace (como <code>utm_source</code>). Se guardan solo con su solicitud, sin ninguna cookie, y ningún tercero las recibe.",
  "legal.privacy.collect.accounts":
    "<strong>Cuentas.</strong> Su nombre y correo electrónico, y su contraseña guardada solo como un código cifrado de un solo sentido que nadie, ni siquiera nosotros, puede volver a leer. Si elige continuar con Google, Google nos da su nombre, su correo electrónico, si Google lo ha verificado y un identificador de su cuenta de Google; nunca su contraseña de Google.",
  "legal.privacy.collect.browsers":
    "<strong>Navegadores con sesión iniciada.</strong> Por cada navegador en el que usted tiene la sesión iniciada: cuándo inició sesión, cuándo se usó por última vez y el nombre del navegador (su user agent), para que pueda cerrar la sesión en todos.",
  "legal.privacy.collect.abuse":
    "<strong>Protección contra abusos.</strong> Un código cifrado hecho a partir de su dirección de internet (no la dirección en sí) y el nombre de su navegador, para detectar oleadas de spam o intentos de adivinar contraseñas.",
  "legal.privacy.why.title": "Para qué los usamos",
  "legal.privacy.why.p1":
    "Para responder a su solicitud, coordinar una visita y preparar una cotización; para administrar su cuenta y mostrarle las solicitudes que nos envió; y para mantener seguro el sitio. No usamos su información para nada más y no enviamos boletines.",
  "legal.privacy.who.title": "Quién más los ve",
  "legal.privacy.who.p1":
    "Nuestro propio equipo. Cuando usted envía el formulario, nuestro proveedor de correo entrega dos mensajes: un aviso para nosotros y una confirmación para usted. La empresa que aloja el sitio web guarda los datos del sitio por encargo nuestro. Google participa solo si usted elige ‘Continuar con Google’. Cada uno maneja los datos únicamente para prestar ese servicio. Compartimos información con las autoridades solo cuando la ley lo exige.",
  "legal.privacy.keep.title": "Cuánto tiempo los guardamos",
  "legal.privacy.keep.requests":
    "Solicitudes de estimado: mientras le respondemos y cotizamos y, si nos contrata, junto con los registros de su trabajo. Si no nos contrató, pídanoslo y borramos su solicitud.",
  "legal.privacy.keep.accounts": "Cuentas: hasta que usted nos pida borrar la suya.",
  "legal.privacy.keep.browsers":
    "Navegadores con sesión iniciada: hasta que cierre la sesión, o 30 días después de la última vez que se usó el navegador.",
  "legal.privacy.keep.signIns":
    "Registros de intentos fallidos de inicio de sesión: dejan de contar al poco tiempo (15 minutos) y después se eliminan.",
  "legal.privacy.choices.title": "Sus opciones",
  "legal.privacy.choices.p1":
    "Puede pedirnos una copia de los datos que tenemos sobre usted, corregirlos o borrarlos, incluidas su cuenta y sus solicitudes de estimado. Escriba a <email>{email}</email> desde el correo que usó, o llame al <phone>{phone}</phone>. Respondemos en un plazo de 30 días, casi siempre mucho antes.",
  "legal.privacy.cookies.title": "Cookies",
  "legal.privacy.cookies.p1":
    "Usamos una cookie para mantener su sesión iniciada y otra de corta duración mientras inicia sesión con Google; ninguna cookie de rastreo ni de publicidad. Los detalles están en nuestra <cookies>Política de cookies</cookies>.",
  "legal.privacy.security.title": "Seguridad y menores de edad",
  "legal.privacy.security.p1":
    "Las contraseñas se guardan cifradas, las páginas que muestran sus datos nunca se guardan en cachés compartidas y solo nuestro equipo puede ver las solicitudes de estimado. Este sitio está pensado para adultos que planean trabajos en una vivienda o un negocio, no para menores de edad.",
  "legal.privacy.changes.title": "Cambios",
  "legal.privacy.changes.p1":
    "Cuando cambiamos esta política, actualizamos la fecha al principio de esta página. Vea también nuestros <terms>Términos de uso</terms>.",

  "legal.cookies.title": "Política de cookies",
  "legal.cookies.description":
    "Las únicas cookies que usa el sitio web de {name}: una para mantener su sesión iniciada y otra mientras inicia sesión con Google. Sin rastreo.",
  "legal.cookies.intro":
    "Una cookie es un pequeño texto que un sitio web le pide a su navegador que guarde. Este sitio usa las menos posibles: si usted solo lee nuestras páginas o envía el formulario de estimado, no guarda ninguna.",
  "legal.cookies.used.title": "Las cookies que usamos",
  "legal.cookies.table.caption": "Cookies que usa este sitio web",
  "legal.cookies.table.name": "Nombre",
  "legal.cookies.table.purpose": "Para qué sirve",
  "legal.cookies.table.duration": "Cuánto dura",
  "legal.cookies.session.purpose":
    "Mantiene su sesión iniciada después de que entra a su cuenta. Contiene un número al azar que solo nuestro servidor puede asociar con su cuenta. Su navegador no puede leerla con scripts (HttpOnly) y no la envía cuando otro sitio lo manda aquí con un formulario.",
  "legal.cookies.session.duration": "30 días, que se renuevan mientras usa el sitio; se borra al cerrar la sesión",
  "legal.cookies.oidc.purpose":
    "Solo se usa cuando usted elige ‘Continuar con Google’: nos permite comprobar que la respuesta que llega de Google corresponde al inicio de sesión que usted empezó en este navegador.",
  "legal.cookies.oidc.duration": "10 minutos; se borra en cuanto termina el inicio de sesión",
  "legal.cookies.prefix":
    "En una conexión segura (https), los nombres llevan el prefijo <code>__Host-</code>, que le indica al navegador que las guarde solo para este sitio exacto.",
  "legal.cookies.unused.title": "Lo que no usamos",
  "legal.cookies.unused.p1":
    "Ninguna cookie de análisis, rastreo, publicidad o redes sociales, ni cookies de otras empresas. No lo seguimos de un sitio web a otro.",
  "legal.cookies.remove.title": "Cómo borrar las cookies",
  "legal.cookies.remove.p1":
    "Al cerrar la sesión se borra la cookie de inicio de sesión. También puede borrar o bloquear las cookies en la configuración de su navegador; el sitio sigue funcionando, pero no podrá mantener su sesión iniciada.",
  "legal.cookies.questions.title": "Preguntas",
  "legal.cookies.questions.p1":
    "Escriba a <email>{email}</email>. Lo que hacemos con su información está en nuestra <privacy>Política de datos</privacy>; las reglas para usar el sitio están en nuestros <terms>Términos de uso</terms>.",
  "legal.offer.label": "Versión en español",
  "legal.offer.text": "¿Prefiere español? <link>Ver esta página en español</link>",
  "legal.offer.dismiss": "Cerrar",
};
