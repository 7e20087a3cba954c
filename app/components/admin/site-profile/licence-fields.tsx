import { FormField } from "#app/components/form-field.tsx";
import { LICENCE_ROWS, profileLimits } from "#app/schemas/site-rules.ts";
import type { SiteField } from "#app/components/admin/site-form-values.ts";

/**
 * Licences and registrations: the filled rows and one blank are shown; the other blanks wait
 * behind "More rows".
 */
export function LicenceFields({ field, value }: { field: SiteField; value: (name: string) => string }) {
  const lastFilled = Array.from({ length: LICENCE_ROWS }, (_, i) => i)
    .filter((i) => value(`licence_label_${i}`) !== "" || value(`licence_number_${i}`) !== "")
    .at(-1);
  const shownRows = Math.min(LICENCE_ROWS, Math.max(2, (lastFilled ?? -1) + 2));

  const licenceRow = (i: number) => (
    <fieldset key={i} className="site-licence">
      <legend>Licence or registration {i + 1}</legend>
      <FormField {...field(`licence_label_${i}`)} label="What it is" maxLength={profileLimits.licences.labelMax} />
      <FormField {...field(`licence_number_${i}`)} label="Number" maxLength={profileLimits.licences.numberMax} />
    </fieldset>
  );

  return (
    <fieldset className="site-fieldset">
      <legend>Licences and registrations</legend>
      <p className="admin-help">
        What each number is and the number itself, for example “TDLR electrical contractor” and “TECL 12345”, or “City of Houston registered
        contractor” and its registration number. Leave a row empty to skip it.
      </p>
      {Array.from({ length: shownRows }, (_, i) => licenceRow(i))}
      {shownRows < LICENCE_ROWS ? (
        <details className="site-more">
          <summary>More rows ({LICENCE_ROWS - shownRows})</summary>
          {Array.from({ length: LICENCE_ROWS - shownRows }, (_, i) => licenceRow(shownRows + i))}
        </details>
      ) : null}
    </fieldset>
  );
}
