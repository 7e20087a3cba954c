/**
 * The Texas notices in Spanish (ADR 067): the same notices as quote-notices-en.ts, written for a
 * Houston homeowner in plain Spanish with "usted", not word for word. Chapter 601 asks that the
 * contract be in the language of the sales talk, so a quote in Spanish carries these. Like the
 * English, a starting point for the contractor's attorney, never legal advice.
 */
import type { NoticeTemplateId } from "#app/schemas/quote-notices.ts";

export const spanishNotices: Record<NoticeTemplateId, { title: string; body: string }> = {
  disclosure: {
    title: "CONOZCA SUS DERECHOS Y RESPONSABILIDADES SEGÚN LA LEY",
    body: `Usted está por firmar un contrato para construir una casa nueva o remodelar una vivienda existente. La ley de Texas exige que su contratista le entregue este breve resumen de algunos de sus derechos, responsabilidades y riesgos en este tipo de contrato.

NO TIENE QUE TRASPASAR SU PROPIEDAD AL CONTRATISTA
Su contratista no puede exigirle que le traspase su propiedad como condición para hacer las mejoras en ella.

CONOZCA A SU CONTRATISTA
Antes de firmar un contrato para hacer mejoras en su propiedad, infórmese bien sobre su contratista. Pida referencias de otras personas que lo hayan contratado para un trabajo del tipo y tamaño que se describe en su contrato, y compruébelas.

PÍDALO TODO POR ESCRITO
Asegúrese de tener un contrato por escrito con su contratista que incluya: (1) una descripción del trabajo que hará el contratista; (2) el tiempo requerido o estimado para terminar el trabajo; (3) el costo del trabajo o cómo se va a calcular; y (4) cómo y cuándo se hacen los pagos, incluida la retención que exige la ley y las condiciones del pago final.

Si su contratista le hizo una promesa, le dio una garantía o le aseguró algo sobre el trabajo, asegúrese de que esté escrito en el contrato. Una promesa de palabra que no está en el contrato escrito puede no valer ante la ley de Texas.

LEA ANTES DE FIRMAR
No firme ningún documento sin haberlo leído y entendido. NUNCA FIRME UN DOCUMENTO QUE DIGA ALGO FALSO. Tómese su tiempo para revisar los documentos. Si pide un préstamo para pagar las mejoras, tiene derecho a recibir los documentos del cierre del préstamo para revisarlos por lo menos un día hábil antes del cierre. No renuncie a ese derecho salvo en una verdadera emergencia u otra causa justificada, y asegúrese de entender los documentos antes de firmarlos. Si no cumple con lo que dicen los documentos, podría perder su propiedad. Tiene derecho a que su propio abogado revise cualquier documento. Si tiene alguna duda sobre lo que significa un documento, consulte a un abogado.

PIDA LA LISTA DE SUBCONTRATISTAS Y PROVEEDORES
Antes de que empiece la obra, pídale a su contratista la lista de los subcontratistas y proveedores que piensa usar en su proyecto. La ley obliga a su contratista a completar la lista si se agregan otros subcontratistas o proveedores a su proyecto.

RETENCIÓN Y PAGOS
La ley de Texas puede exigirle que retenga una parte de cada pago durante un tiempo después de terminado el trabajo, para que con ese dinero se pueda pagar a los subcontratistas y proveedores a quienes no se les haya pagado. Antes de hacer un pago, pregúntele a su contratista y, si tiene dudas, a un abogado, cuánto debe retener y por cuánto tiempo.

SI RECIBE UN AVISO DE FALTA DE PAGO
Un subcontratista o proveedor a quien no se le ha pagado puede enviarle un aviso. Si lo recibe, es posible que tenga que retenerle a su contratista la cantidad reclamada hasta que se resuelva el reclamo. No ignore ese aviso.

PIDA UNA DECLARACIÓN JURADA DE CUENTAS PAGADAS
Al hacer el pago final, pídale a su contratista una declaración jurada de que se han pagado todas las cuentas de mano de obra y materiales de su proyecto, y guárdela con este contrato.

Este es un breve resumen y no explica todos sus derechos. Si tiene preguntas, consulte a un abogado.`,
  },
  subcontractors: {
    title: "LISTA DE SUBCONTRATISTAS Y PROVEEDORES",
    body: `{business_name} piensa usar en su proyecto a los siguientes subcontratistas y proveedores. Esta lista da el nombre y la dirección de cada uno, como lo exige la sección 53.256 del Código de Propiedad de Texas.

{subcontractor_list}

Si {business_name} agrega un subcontratista o proveedor a su proyecto, le entregará una lista actualizada.`,
  },
  "subcontractors-waiver": {
    title: "RENUNCIA A LA LISTA DE SUBCONTRATISTAS Y PROVEEDORES",
    body: `La sección 53.256 del Código de Propiedad de Texas le da a usted, como dueño, el derecho a recibir de {business_name} una lista con el nombre y la dirección de los subcontratistas y proveedores que piensa usar en su proyecto.

Al firmar este contrato, usted renuncia a su derecho a recibir esa lista.`,
  },
  homestead: {
    title: "AVISO IMPORTANTE",
    body: "Usted y su contratista son responsables de cumplir con los términos y condiciones de este contrato. Si usted firma este contrato y no cumple con sus términos y condiciones, podría perder su derecho legal de propiedad sobre su casa. CONOZCA SUS DERECHOS Y OBLIGACIONES SEGÚN LA LEY.",
  },
  cancellation: {
    title: "SU DERECHO A CANCELAR",
    body: "USTED, EL COMPRADOR, PUEDE CANCELAR ESTE CONTRATO EN CUALQUIER MOMENTO ANTES DE LA MEDIANOCHE DEL TERCER DÍA HÁBIL DESPUÉS DE LA FECHA DE ESTE CONTRATO. VEA EL FORMULARIO DE AVISO DE CANCELACIÓN ADJUNTO, QUE EXPLICA ESTE DERECHO.",
  },
  "cancellation-form": {
    title: "AVISO DE CANCELACIÓN",
    body: `Fecha del contrato: {transaction_date}

USTED PUEDE CANCELAR ESTE CONTRATO, SIN NINGUNA MULTA NI OBLIGACIÓN, DENTRO DE LOS TRES DÍAS HÁBILES SIGUIENTES A LA FECHA DE ARRIBA.

SI CANCELA, SE LE DEVOLVERÁ TODO BIEN QUE HAYA DADO A CAMBIO, TODO PAGO QUE HAYA HECHO SEGÚN EL CONTRATO O LA VENTA Y TODO PAGARÉ O DOCUMENTO NEGOCIABLE QUE HAYA FIRMADO, DENTRO DE LOS 10 DÍAS HÁBILES SIGUIENTES A QUE EL COMERCIANTE RECIBA SU AVISO DE CANCELACIÓN, Y SE CANCELARÁ TODA GARANTÍA SOBRE SUS BIENES QUE RESULTE DE ESTE CONTRATO.

SI CANCELA, DEBE PONER A DISPOSICIÓN DEL COMERCIANTE EN SU CASA, EN PRÁCTICAMENTE LAS MISMAS CONDICIONES EN QUE LOS RECIBIÓ, LOS BIENES QUE SE LE HAYAN ENTREGADO SEGÚN ESTE CONTRATO O VENTA; O, SI LO PREFIERE, PUEDE SEGUIR LAS INSTRUCCIONES DEL COMERCIANTE PARA DEVOLVERLOS POR ENVÍO, CON GASTOS Y RIESGO A CARGO DEL COMERCIANTE.

SI PONE LOS BIENES A DISPOSICIÓN DEL COMERCIANTE Y ESTE NO LOS RECOGE DENTRO DE LOS 20 DÍAS SIGUIENTES A LA FECHA DE SU AVISO DE CANCELACIÓN, USTED PUEDE QUEDARSE CON ELLOS O DESHACERSE DE ELLOS SIN NINGUNA OTRA OBLIGACIÓN. SI NO PONE LOS BIENES A DISPOSICIÓN DEL COMERCIANTE, O SI ACEPTA DEVOLVÉRSELOS Y NO LO HACE, SEGUIRÁ OBLIGADO A CUMPLIR CON TODO LO QUE DICE EL CONTRATO.

PARA CANCELAR ESTE CONTRATO, ENVÍE POR CORREO O ENTREGUE UNA COPIA FIRMADA Y FECHADA DE ESTE AVISO DE CANCELACIÓN, O CUALQUIER OTRO AVISO POR ESCRITO, O ENVÍE UN TELEGRAMA, A {business_name}, EN {business_address}, A MÁS TARDAR A LA MEDIANOCHE DEL {cancel_by_date}.

POR LA PRESENTE CANCELO ESTE CONTRATO.

Fecha: ____________________

Firma del comprador: ____________________`,
  },
};
