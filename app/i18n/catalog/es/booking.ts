/**
 * La página para agendar la visita (/es/cita/<token>, ADR 071): el cliente elige el horario de
 * llegada de la visita del estimado, ve que se lo apartamos, y lo cambia o lo cancela. Gemela de
 * ../en/booking.ts.
 */
import type { booking as en } from "#app/i18n/catalog/en/booking.ts";

export const booking: Record<keyof typeof en, string> = {
  "booking.meta.title": "Elija el horario de su visita",
  "booking.meta.description": "Elija cuándo vamos a ver su proyecto: los horarios libres para la visita del estimado gratis.",
  "booking.title": "Elija el horario de su visita",
  "booking.request": "{business} · {subject} · referencia {reference}",
  "booking.intro":
    "Elija el horario en que podemos llegar. La visita dura {length}: vemos el área, tomamos medidas y le contestamos sus preguntas. No le cuesta nada.",
  "booking.length.hours": "{hours, plural, one {más o menos una hora} other {más o menos # horas}}",
  "booking.length.minutes": "más o menos {minutes} minutos",
  "booking.length.hoursMinutes": "más o menos {hours, plural, one {1 hora} other {# horas}} y {minutes} minutos",
  "booking.zone": "Los horarios son en hora de Houston.",
  "booking.days": "Horarios libres",
  "booking.window.pick": "Agendar {window} el {day}",
  "booking.moreDays": "Más días",
  "booking.confirmNote": "{business} le confirma cada cita por correo, casi siempre el mismo día.",
  "booking.outside":
    "Su código postal {zip} queda un poco fuera del área donde trabajamos normalmente. Igual puede elegir un horario: le avisamos pronto si podemos ir.",
  "booking.closed.off": "Por ahora no se pueden agendar citas en línea. Llámenos y buscamos un horario juntos.",
  "booking.closed.calendar": "En este momento no podemos mostrar los horarios libres. Intente de nuevo en un rato, o llámenos.",
  "booking.closed.full": "Todos los horarios de las próximas semanas están ocupados. Llámenos y le buscamos uno.",
  "booking.call": "¿Prefiere hablar con alguien? Llámenos:",

  "booking.visit.title": "Su visita",
  "booking.visit.pending": "Se lo apartamos: {day}. {window}. {business} se lo confirma por correo.",
  "booking.visit.held": "Se lo apartamos: {day}. {window}. Se lo confirmamos por correo.",
  "booking.visit.scheduled": "Confirmada: {day}. {window}.",
  "booking.visit.changeUntil": "Puede cambiarla o cancelarla aquí hasta el {until}.",
  "booking.visit.tooLate": "Ya falta muy poco para la visita para cambiarla aquí. Para cambiarla, llámenos:",
  "booking.visit.cancelled": "Su visita del {day} se canceló. Cuando guste, elija otro horario abajo.",
  "booking.move.title": "Cambiar a otro horario",
  "booking.move.pick": "Cambiar a {window} el {day}",
  "booking.cancel.button": "Cancelar la visita",

  "booking.done.held": "Listo: le apartamos este horario. Le mandamos un correo y se lo confirmamos muy pronto.",
  "booking.done.booked": "Listo: su visita quedó agendada. La invitación está en su correo; agréguela a su calendario.",
  "booking.done.moved": "Listo: su visita tiene el nuevo horario.",
  "booking.done.cancelled": "Su visita quedó cancelada. Puede elegir otro horario abajo.",

  "booking.error.invalid": "Elija uno de los horarios de abajo.",
  "booking.error.taken": "Lo sentimos, alguien acaba de tomar ese horario. Estos son los que siguen libres.",
  "booking.error.closed": "Las citas en línea se acaban de cerrar. Llámenos y buscamos un horario juntos.",
  "booking.error.hasVisit": "Ya tiene una visita agendada. Puede cambiarla abajo.",
  "booking.error.noVisit": "No hay ninguna visita que cambiar. Elija un horario abajo.",
  "booking.error.tooLate": "Ya falta muy poco para la visita para cambiarla en línea. Por favor llámenos.",
  "booking.error.changed": "Su visita cambió mientras tanto. Así quedó.",

  "booking.mail.pick": "Elija ya el horario de nuestra visita: los horarios libres están a un clic.",
  "booking.link.estimate": "Elegir el horario de la visita",
  "booking.link.estimateHint": "Vea los horarios libres y agende ya la visita del estimado gratis.",
  "booking.link.home": "Elegir el horario de la visita",
  "booking.link.change": "Cambiar o cancelar la visita",
};
