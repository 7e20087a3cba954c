import { useEffect } from "react";
import {
  PROJECT_DESCRIPTION_MAX_LENGTH,
  PROJECT_FIRST_YEAR,
  PROJECT_PLACE_MAX_LENGTH,
  PROJECT_TITLE_MAX_LENGTH,
  type ProjectFormValues,
} from "#app/schemas/project.ts";
import type { AdminActionResult } from "#app/schemas/admin-action.ts";
import { MONTH_NAMES } from "#app/schemas/project-view.ts";
import { ActionError } from "#app/components/admin/action-error.tsx";
import { ServiceOptions } from "#app/components/admin/service-options.tsx";

/** What the fields show: the stored project, or what was typed before a refusal. */
type ProjectFieldValues = ProjectFormValues;

/** The field a refusal is about (the server names it in `values.field`), if this form's. */
function refusedField(result: AdminActionResult | undefined): string | null {
  return result && "error" in result ? (result.values?.field ?? null) : null;
}

/** Moves focus to the field a refusal names, once per refusal (with JavaScript). */
export function useFocusRefusedField(idPrefix: string, result: AdminActionResult | undefined): void {
  useEffect(() => {
    const field = refusedField(result);
    if (!field) return;
    const element = document.getElementById(`${idPrefix}-${field}`);
    element?.focus();
  }, [idPrefix, result]);
}

/**
 * A project's details: title, service, place (never a street address), the month and year the
 * job was finished, and a short description. Shared by "New project" and the project's page,
 * which adds the title and the story in Spanish (`spanish`).
 */
export function ProjectDetailsFields({
  idPrefix,
  values,
  services,
  result,
  spanish = false,
}: {
  idPrefix: string;
  values: ProjectFieldValues;
  services: readonly { slug: string; title: string }[];
  /** This form's last answer: a refusal marks its field and puts back what was typed. */
  result: AdminActionResult | undefined;
  /**
   * Shows the optional Spanish title and story, in a group with id `${idPrefix}-spanish`, and
   * the address of the project's Spanish page when it has one (`page`).
   */
  spanish?: { page: string | null } | false;
}) {
  const refusal = result && "error" in result ? result : undefined;
  const shown = { ...values, ...refusal?.values };
  const field = refusedField(result);
  const errorId = `${idPrefix}-error`;
  const invalid = (name: string): InvalidMark =>
    field === name
      ? {
          "aria-invalid": true as const,
          "aria-describedby": `${errorId}${name === "place" || name === "title" ? ` ${idPrefix}-${name}-help` : ""}`,
        }
      : {};
  // Keyed by the refusal, so values typed before it are shown again after a plain post.
  const key = refusal ? JSON.stringify(refusal.values ?? {}) : "stored";
  return (
    <div className="project-fields" key={key}>
      <ActionError result={refusal} id={errorId} />
      <HelpedTextField
        id={`${idPrefix}-title`}
        name="title"
        label="Title"
        maxLength={PROJECT_TITLE_MAX_LENGTH}
        defaultValue={shown.title}
        help="Like “Kitchen opened up in the Heights”."
        invalid={invalid("title")}
      />
      <div className="admin-field">
        <label htmlFor={`${idPrefix}-service`}>Service</label>
        <select id={`${idPrefix}-service`} name="service" defaultValue={shown.service} {...invalid("service")}>
          <ServiceOptions services={services} />
        </select>
      </div>
      <HelpedTextField
        id={`${idPrefix}-place`}
        name="place"
        label="Neighbourhood or city"
        maxLength={PROJECT_PLACE_MAX_LENGTH}
        defaultValue={shown.place}
        help="Like “Heights, Houston”. Never a street address."
        invalid={invalid("place")}
      />
      <FinishedIn idPrefix={idPrefix} month={shown.month} year={shown.year} invalid={invalid} />
      <div className="admin-field">
        <label htmlFor={`${idPrefix}-description`}>What was done (optional)</label>
        <textarea
          id={`${idPrefix}-description`}
          name="description"
          rows={4}
          maxLength={PROJECT_DESCRIPTION_MAX_LENGTH}
          defaultValue={shown.description}
          {...invalid("description")}
        />
      </div>
      {spanish ? (
        <SpanishFields
          idPrefix={idPrefix}
          titleEs={shown.titleEs}
          descriptionEs={shown.descriptionEs}
          page={spanish.page}
          invalid={invalid}
        />
      ) : null}
    </div>
  );
}

/**
 * The title and the story in Spanish (ADR 064), both optional. The project gets its Spanish page
 * (/es/proyectos/…) once both are written; until then Spanish pages show its English title.
 */
function SpanishFields({
  idPrefix,
  titleEs,
  descriptionEs,
  page,
  invalid,
}: {
  idPrefix: string;
  titleEs: string;
  descriptionEs: string;
  /** The Spanish page's address once the saved project has one. */
  page: string | null;
  invalid: (name: string) => InvalidMark;
}) {
  const helpId = `${idPrefix}-spanish-help`;
  return (
    <fieldset className="admin-fieldset" id={`${idPrefix}-spanish`} aria-describedby={helpId}>
      <legend>In Spanish (optional)</legend>
      <p className="admin-help" id={helpId}>
        The project gets its own page in Spanish once both its title and its story are in Spanish. Until then the Spanish pages show its
        English title and link to the English page.
      </p>
      <p className="admin-help" id={`${idPrefix}-spanish-page`}>
        {page ? (
          <>
            Spanish page: <a href={page}>{page}</a>
          </>
        ) : (
          "No Spanish page yet."
        )}
      </p>
      <div className="admin-field">
        <label htmlFor={`${idPrefix}-titleEs`}>Title in Spanish</label>
        <input
          id={`${idPrefix}-titleEs`}
          name="titleEs"
          lang="es"
          maxLength={PROJECT_TITLE_MAX_LENGTH}
          defaultValue={titleEs}
          {...invalid("titleEs")}
        />
      </div>
      <div className="admin-field">
        <label htmlFor={`${idPrefix}-descriptionEs`}>Story in Spanish</label>
        <textarea
          id={`${idPrefix}-descriptionEs`}
          name="descriptionEs"
          lang="es"
          rows={4}
          maxLength={PROJECT_DESCRIPTION_MAX_LENGTH}
          defaultValue={descriptionEs}
          {...invalid("descriptionEs")}
        />
      </div>
    </fieldset>
  );
}

/** What marks a refused field: `aria-invalid`, and the error (and the field's help) described with it. */
type InvalidMark = { "aria-invalid": true; "aria-describedby": string } | Record<string, never>;

/** A required text field with a line of help under it (the title, the place). */
function HelpedTextField({
  id,
  name,
  label,
  maxLength,
  defaultValue,
  help,
  invalid,
}: {
  id: string;
  name: string;
  label: string;
  maxLength: number;
  defaultValue: string;
  help: string;
  invalid: InvalidMark;
}) {
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} required maxLength={maxLength} defaultValue={defaultValue} aria-describedby={`${id}-help`} {...invalid} />
      <p className="admin-help" id={`${id}-help`}>
        {help}
      </p>
    </div>
  );
}

/** "Finished in": the month and the year the job was finished. */
function FinishedIn({
  idPrefix,
  month,
  year,
  invalid,
}: {
  idPrefix: string;
  month: string;
  year: string;
  invalid: (name: string) => InvalidMark;
}) {
  return (
    <fieldset className="project-fields__when">
      <legend>Finished in</legend>
      <div className="admin-field">
        <label htmlFor={`${idPrefix}-month`}>Month</label>
        <select id={`${idPrefix}-month`} name="month" defaultValue={month} {...invalid("month")}>
          {MONTH_NAMES.map((name, index) => (
            <option key={name} value={String(index + 1)}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-field">
        <label htmlFor={`${idPrefix}-year`}>Year</label>
        <input
          id={`${idPrefix}-year`}
          name="year"
          type="number"
          inputMode="numeric"
          min={PROJECT_FIRST_YEAR}
          max={2100}
          required
          defaultValue={year}
          {...invalid("year")}
        />
      </div>
    </fieldset>
  );
}
