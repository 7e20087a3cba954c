import type { siteTexts as en } from "#app/i18n/catalog/en/site-texts.ts";

/** Los textos que trae el sitio, en español: los que ve una instalación nueva en /es/. */
export const siteTexts: Record<keyof typeof en, string> = {
  "defaults.slogan": "Mejores hogares para Houston, un cuarto a la vez.",
  "defaults.home.intro":
    "Reparaciones y remodelación de casas en {city}{years, plural, =0 {} one {, con un año de experiencia} other {, con # años de experiencia}}, para dueños de casa y negocios por igual.",
  "defaults.about.heading": "{family, select, yes {Contratistas de familia en {city}} other {Reparaciones y remodelación en {city}}}",
  "defaults.about.opening":
    "Somos {family, select, yes {una empresa familiar de reparaciones y remodelación} other {una empresa de reparaciones y remodelación}} con sede en {city}{years, plural, =0 {} one {, con un año de experiencia} other {, con # años de experiencia}}, y trabajamos en casas y negocios de toda el área metropolitana de Houston.",
  "defaults.about.p1":
    "Nos encargamos de cocinas, baños, pisos, azulejo, cercas y espacios al aire libre de principio a fin, y de las reparaciones que mantienen una casa en buen estado.",
  "defaults.about.p2":
    "La mayor parte de nuestro trabajo es residencial: dueños de casa que quieren poner al día un baño anticuado, una cocina que funcione como ellos cocinan o un piso que aguante niños, mascotas y la humedad de Houston. También trabajamos para clientes comerciales, como oficinas, tiendas pequeñas y dueños de propiedades de renta, que necesitan reparaciones confiables y mejoras bien hechas con las menores molestias posibles para su negocio.",
  "defaults.about.p3":
    "Cada trabajo empieza igual. Vamos a darle un estimado gratis, vemos el espacio, tomamos medidas y escuchamos lo que usted quiere. Después recibe una cotización por escrito que detalla el alcance, los materiales y el calendario, para que no haya sorpresas más adelante. Si aparece algo inesperado al abrir paredes o pisos, paramos, se lo mostramos y acordamos el cambio por escrito antes de seguir.",
  "defaults.about.p4":
    "Tratamos su casa sabiendo que ahí vive su familia. Protegemos pisos y muebles, dejamos la obra limpia al final de cada día, nos llevamos nuestros escombros y terminamos con un recorrido para que usted revise cada detalle.",
  "defaults.about.p5":
    "Construir en Houston es exigente: el calor, la humedad, las tormentas fuertes y el suelo de arcilla que se mueve ponen a prueba cualquier casa. Escogemos materiales y métodos que aguantan aquí, y le decimos con honestidad cuando una opción más barata no va a durar. Llámenos o mande el formulario para pedir su estimado gratis, y le ayudamos a planear su proyecto, sea del tamaño que sea.",
  "defaults.values.1.title": "Estimados gratis y honestos",
  "defaults.values.1.body":
    "Lo visitamos, medimos y escuchamos antes de ponerle precio a nada, y usted recibe una cotización por escrito clara, sin presión para firmar.",
  "defaults.values.2.title": "Una obra limpia",
  "defaults.values.2.body": "Pisos y muebles protegidos, escombros fuera y el área de trabajo barrida al final de cada día.",
  "defaults.values.3.title": "Un recorrido al final",
  "defaults.values.3.body":
    "Cada trabajo termina con un recorrido, para que revise cada detalle con nosotros antes de darlo por terminado.",
  "defaults.faq.free.title": "¿De verdad es gratis el estimado?",
  "defaults.faq.free.body":
    "Sí. Vamos a su casa, medimos, platicamos las opciones y le mandamos una cotización por escrito. No cuesta nada y no tiene ninguna obligación de contratarnos.",
  "defaults.faq.soon.title": "¿Qué tan pronto pueden venir?",
  "defaults.faq.soon.body": "Mande el formulario o llámenos, y le ofrecemos una hora que le convenga.",
  "defaults.faq.permits.title": "¿Ustedes sacan los permisos?",
  "defaults.faq.payments.title": "¿Cómo son los pagos?",
  "defaults.faq.unexpected.title": "¿Y si aparece algo inesperado?",
  "defaults.faq.unexpected.body": "Paramos, le mostramos lo que encontramos y acordamos el cambio por escrito antes de seguir.",
};
