import type { AdminPhoto } from "#app/schemas/photo-view.ts";
import { isActionRefused } from "#app/schemas/admin-action.ts";
import { photoName, ProjectActionForm, ProjectThumb } from "#app/components/admin/project-parts.tsx";
import type { ProjectSectionProps } from "#app/components/admin/project/project-data.ts";
import { PairCaptionFields, PairCaptions } from "#app/components/admin/project/pair-captions.tsx";

/** One of the pair form's two choices: the project's photos as picture tiles with radio buttons. */
function PhotoChoice({
  name,
  legend,
  photos: choices,
  defaultValue,
  invalid,
}: {
  name: string;
  legend: string;
  photos: AdminPhoto[];
  defaultValue?: string;
  invalid: boolean;
}) {
  return (
    <fieldset className="project-pick" aria-invalid={invalid ? true : undefined} aria-describedby={invalid ? "pair-error" : undefined}>
      <legend>{legend}</legend>
      <ul className="project-pick__grid">
        {choices.map((photo, index) => (
          <li key={photo.id}>
            <label className="project-pick__item">
              <input
                type="radio"
                name={name}
                value={photo.id}
                id={index === 0 ? `pair-${name}` : undefined}
                defaultChecked={photo.id === defaultValue}
                required
              />
              <ProjectThumb photo={photo} />
              <span className="admin-break">
                {index + 1}. {photoName(photo)}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** The project's before/after pairs, each removable, and the form that adds one. */
export function Pairs({ data, action, actionData }: ProjectSectionProps) {
  const enough = data.photos.length >= 2;
  return (
    <section className="admin-section" aria-labelledby="pairs-title">
      <h2 id="pairs-title" tabIndex={-1}>
        Before and after ({data.pairs.length})
      </h2>
      {data.pairs.length > 0 ? (
        <ul className="project-pairs">
          {data.pairs.map((pair, index) => (
            <li key={pair.id} className="project-pair">
              <div className="project-pair__photos">
                <figure>
                  <ProjectThumb photo={pair.before} />
                  <figcaption>Before</figcaption>
                </figure>
                <figure>
                  <ProjectThumb photo={pair.after} />
                  <figcaption>After</figcaption>
                </figure>
              </div>
              <p className="admin-break">{pair.caption || `Pair ${index + 1}: ${photoName(pair.before)} → ${photoName(pair.after)}`}</p>
              <PairCaptions action={action} actionData={actionData} pair={pair} index={index} />
              <ProjectActionForm
                action={action}
                intent="pair-remove"
                target={pair.id}
                actionData={actionData}
                fallback={() => document.getElementById("pairs-title")}
              >
                <input type="hidden" name="pairId" value={pair.id} />
                <button type="submit" className="admin-button admin-button--quiet">
                  Remove<span className="visually-hidden"> pair {index + 1}</span>
                </button>
              </ProjectActionForm>
            </li>
          ))}
        </ul>
      ) : null}
      {enough ? (
        <ProjectActionForm
          action={action}
          intent="pair-add"
          actionData={actionData}
          className="admin-stack-form"
          showDone
          resetOnDone
          errorId="pair-error"
          onRefused={(result) => document.getElementById(`pair-${isActionRefused(result) ? (result.values?.field ?? "before") : "before"}`)}
        >
          {(result) => {
            const field = isActionRefused(result) ? result.values?.field : undefined;
            const typed = isActionRefused(result) ? result.values : undefined;
            return (
              <>
                <h3>Add a pair</h3>
                <PhotoChoice
                  name="before"
                  legend="Before photo"
                  photos={data.photos}
                  defaultValue={typed?.beforePhotoId}
                  invalid={field === "before"}
                />
                <PhotoChoice
                  name="after"
                  legend="After photo"
                  photos={data.photos}
                  defaultValue={typed?.afterPhotoId}
                  invalid={field === "after"}
                />
                <PairCaptionFields
                  prefix="pair"
                  caption={typed?.caption ?? ""}
                  captionEs={typed?.captionEs ?? ""}
                  field={field}
                  errorId="pair-error"
                  optional
                />
                <button type="submit" className="admin-button" id="pair-add">
                  Add pair
                </button>
              </>
            );
          }}
        </ProjectActionForm>
      ) : (
        <p className="admin-empty">A pair needs two photos of the project: one before the work, one after.</p>
      )}
    </section>
  );
}
