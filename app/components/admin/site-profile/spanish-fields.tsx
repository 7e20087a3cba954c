import { FormField } from "#app/components/form-field.tsx";
import { profileLimits } from "#app/schemas/site-rules.ts";
import { spanishFieldName, spanishProfileAnchor, type SpanishProfileKey } from "#app/schemas/site-spanish.ts";
import type { SiteField } from "#app/components/admin/site-form-values.ts";

/** Each sentence with a Spanish version: its label, an example in Houston homeowners' Spanish, one line or several. */
const spanishLines: { key: SpanishProfileKey; label: string; example: string; multiline?: boolean; max: number }[] = [
  {
    key: "slogan",
    label: "Lema",
    example: "“Cocinas, baños y reparaciones bien hechas en todo Houston.”",
    max: profileLimits.slogan.max,
  },
  {
    key: "answerPromise",
    label: "Cuándo responde",
    example: "“Le respondemos en un día hábil.”",
    max: profileLimits.answerPromise.max,
  },
  {
    key: "insurance",
    label: "Seguro",
    example: "“Seguro de responsabilidad civil de hasta $1,000,000.”",
    multiline: true,
    max: profileLimits.statement.max,
  },
  {
    key: "warranty",
    label: "Garantía",
    example: "“Garantía por escrito de dos años en toda la mano de obra.”",
    multiline: true,
    max: profileLimits.statement.max,
  },
  {
    key: "permits",
    label: "Permisos",
    example: "“Sacamos los permisos que su obra necesita y agendamos las inspecciones.”",
    multiline: true,
    max: profileLimits.statement.max,
  },
  {
    key: "paymentTerms",
    label: "Forma de pago",
    example: "“Un anticipo para los materiales y pagos a medida que avanza la obra.”",
    multiline: true,
    max: profileLimits.statement.max,
  },
  {
    key: "financingLabel",
    label: "Financiamiento: palabras del enlace",
    example: "“Financiamiento con Hearth”.",
    max: profileLimits.financingLabel.max,
  },
];

/**
 * The Spanish version of the sentences above that visitors read (ADR 064), each optional: left
 * empty, the Spanish pages show the English one. Names, numbers and links need no second version.
 * The fieldset (#profile-spanish) and each line (#es-slogan…) can be linked to.
 */
export function SpanishFields({ field }: { field: SiteField }) {
  return (
    <fieldset className="site-fieldset" id="profile-spanish">
      <legend>In Spanish (optional)</legend>
      <p className="admin-help">
        What the Spanish pages (under /es/) show instead of your English sentences. Leave a field empty and they show the English one. The
        site's own words (menus, forms, emails) are already in Spanish.
      </p>
      {spanishLines.map((line) => {
        const common = {
          ...field(spanishFieldName(line.key)),
          label: `${line.label} (Spanish)`,
          hint: `For example ${line.example}`,
          lang: "es",
          maxLength: line.max,
        };
        // Each field has an id of its own: the go-live checklist links to it.
        return (
          <div key={line.key} id={spanishProfileAnchor(line.key)} className="site-spanish-line">
            {line.multiline ? <FormField {...common} multiline rows={3} /> : <FormField {...common} />}
          </div>
        );
      })}
    </fieldset>
  );
}
