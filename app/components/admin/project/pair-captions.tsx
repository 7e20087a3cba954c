import { isActionRefused } from "#app/schemas/admin-action.ts";
import { PAIR_CAPTION_MAX_LENGTH } from "#app/schemas/project.ts";
import { ProjectActionForm } from "#app/components/admin/project-parts.tsx";

/**
 * A pair's two captions, English and Spanish (ADR 064), with Save. The Spanish one shows on the
 * project's Spanish page; without it that page shows the English caption. Posted without
 * JavaScript too; a refusal marks the field it is about and keeps what was typed.
 */
export function PairCaptions({
  action,
  actionData,
  pair,
  index,
}: {
  action: string;
  actionData: unknown;
  pair: { id: string; caption: string; captionEs: string };
  index: number;
}) {
  const prefix = `pair-${pair.id}`;
  return (
    <ProjectActionForm
      action={action}
      intent="pair-captions"
      target={pair.id}
      actionData={actionData}
      className="admin-stack-form project-pair__captions"
      showDone
      errorId={`${prefix}-error`}
      onRefused={(result) =>
        document.getElementById(`${prefix}-${isActionRefused(result) ? (result.values?.field ?? "caption") : "caption"}`)
      }
    >
      {(result) => {
        const refusal = isActionRefused(result) ? result : undefined;
        const field = refusal?.values?.field;
        return (
          <>
            <input type="hidden" name="pairId" value={pair.id} />
            <PairCaptionFields
              prefix={prefix}
              caption={refusal?.values?.caption ?? pair.caption}
              captionEs={refusal?.values?.captionEs ?? pair.captionEs}
              field={field}
              errorId={`${prefix}-error`}
            />
            <button type="submit" className="admin-button admin-button--quiet">
              Save captions<span className="visually-hidden"> of pair {index + 1}</span>
            </button>
          </>
        );
      }}
    </ProjectActionForm>
  );
}

/**
 * A pair's caption and its Spanish version: ids `${prefix}-caption` and `${prefix}-captionEs`; the
 * one a refusal names (`field`) is marked invalid and described by the refusal (`errorId`).
 */
export function PairCaptionFields({
  prefix,
  caption,
  captionEs,
  field,
  errorId,
  optional = false,
}: {
  prefix: string;
  caption: string;
  captionEs: string;
  field: string | undefined;
  errorId: string;
  /** Says "(optional)" in the labels (the form that adds a pair). */
  optional?: boolean;
}) {
  const marked = (name: string) => (field === name ? { "aria-invalid": true as const, "aria-describedby": errorId } : {});
  const more = optional ? " (optional)" : "";
  return (
    <>
      <div className="admin-field">
        <label htmlFor={`${prefix}-caption`}>Caption{more}</label>
        <input id={`${prefix}-caption`} name="caption" maxLength={PAIR_CAPTION_MAX_LENGTH} defaultValue={caption} {...marked("caption")} />
      </div>
      <div className="admin-field">
        <label htmlFor={`${prefix}-captionEs`}>Caption in Spanish{more}</label>
        <input
          id={`${prefix}-captionEs`}
          name="captionEs"
          lang="es"
          maxLength={PAIR_CAPTION_MAX_LENGTH}
          defaultValue={captionEs}
          {...marked("captionEs")}
        />
      </div>
    </>
  );
}
