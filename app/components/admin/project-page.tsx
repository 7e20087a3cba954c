import { useEffect, useRef, type MouseEvent } from "react";
import { Form, Link, useFetcher } from "react-router";
import { ALT_MAX_LENGTH, suggestAlt, type AdminPhoto } from "~/gallery/photo";
import { isActionRefused, type AdminActionResult } from "~/schemas/admin-action";
import { PAIR_CAPTION_MAX_LENGTH, type ProjectStatus } from "~/schemas/project";
import { formatFinishedOn, projectHref } from "~/projects/project";
import { ActionDone, useKeepFocus } from "./in-place-form";
import { ProjectDetailsFields } from "./project-details-fields";
import { answerFor, photoName, ProjectActionForm, ProjectStatusBadge, ProjectThumb } from "./project-parts";

export interface AdminProjectData {
  flash: string | null;
  confirmDelete: boolean;
  services: { slug: string; title: string }[];
  project: {
    id: string;
    slug: string;
    title: string;
    status: ProjectStatus;
    service: string;
    place: string;
    finishedOn: string;
    description: string;
    month: number;
    year: number;
    coverPhotoId: string | null;
    photoCount: number;
    cover: AdminPhoto | null;
  };
  photos: AdminPhoto[];
  pairs: { id: string; before: AdminPhoto; after: AdminPhoto; caption: string }[];
  draftCount: number;
  missingAlt: number;
  available: { photos: AdminPhoto[]; page: number; pages: number; total: number };
}

const photosHeading = () => document.getElementById("project-photos-title");

/**
 * When an item of a list is gone (a photo taken out, a pair removed), its forms went with it, and
 * with them the focus: it goes to the list's heading instead of the top of the page.
 */
function useFocusWhenGone(ids: readonly string[], headingId: string): void {
  const key = ids.join(" ");
  const previous = useRef(key);
  useEffect(() => {
    const before = previous.current;
    previous.current = key;
    const now = new Set(key.split(" "));
    const gone = before !== "" && before.split(" ").some((id) => !now.has(id));
    if (!gone) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    document.getElementById(headingId)?.focus();
  }, [key, headingId]);
}

function photos(n: number): string {
  return n === 1 ? "1 photo" : `${n} photos`;
}

/** Keeps a button focusable where it cannot act (the first photo's "Move up"): focus does not jump away after a move. */
function blockWhenInert(event: MouseEvent<HTMLButtonElement>) {
  if (event.currentTarget.getAttribute("aria-disabled") === "true") event.preventDefault();
}

/**
 * /admin/projects/:id: a project's photos in story order (move, cover, remove), photos to add from
 * the gallery, before/after pairs, publishing with its drafts, the details, and deleting after a
 * confirmation. Every form works without JavaScript; with it, they change the page in place.
 */
export function AdminProjectPage({ data, actionData }: { data: AdminProjectData; actionData: AdminActionResult | undefined }) {
  const { project } = data;
  const here = `/admin/projects/${project.id}`;
  useFocusWhenGone(
    data.photos.map((photo) => photo.id),
    "project-photos-title",
  );
  useFocusWhenGone(
    data.pairs.map((pair) => pair.id),
    "pairs-title",
  );

  return (
    <div className="admin-page projects-page">
      <p className="admin-back">
        <Link to="/admin/projects">← All projects</Link>
      </p>
      <p className="eyebrow">
        Project <ProjectStatusBadge status={project.status} />
      </p>
      <h1 className="admin-break">{project.title}</h1>
      <p className="admin-card__meta">
        {project.place} · {formatFinishedOn(project.finishedOn)} · {photos(project.photoCount)}
      </p>
      <p>
        <a href={projectHref(project.slug)} className="admin-link-button admin-button--quiet" target="_blank" rel="noreferrer">
          {project.status === "published" ? "View on site" : "Preview on site"}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>

      <section className="admin-section" aria-labelledby="project-photos-title">
        <h2 id="project-photos-title" tabIndex={-1}>
          Photos ({data.photos.length})
        </h2>
        {data.photos.length === 0 ? (
          <p className="admin-empty">No photos yet. Add some from the gallery below, or upload new ones.</p>
        ) : (
          <ol className="project-photos">
            {data.photos.map((photo, index) => (
              <ProjectPhotoTile
                key={photo.id}
                photo={photo}
                index={index}
                total={data.photos.length}
                isCover={photo.id === (data.project.coverPhotoId ?? data.photos[0]?.id)}
                action={here}
                actionData={actionData}
                fallback={photosHeading}
                serviceTitle={data.services.find((s) => s.slug === photo.category)?.title ?? null}
              />
            ))}
          </ol>
        )}
        <p>
          <Link to={`/admin/gallery?project=${project.id}`} className="admin-link-button">
            Upload photos into this project
          </Link>
        </p>
      </section>

      <AddPhotos data={data} action={here} actionData={actionData} />
      <Pairs data={data} action={here} actionData={actionData} />
      <PublishSection data={data} action={here} actionData={actionData} />

      <section className="admin-section" aria-labelledby="project-details-title">
        <h2 id="project-details-title">Details</h2>
        <ProjectActionForm action={here} intent="save" actionData={actionData} className="admin-stack-form project-form" showRefusal={false} showDone>
          {(result) => (
            <>
              <ProjectDetailsFields
                idPrefix="project"
                values={{
                  title: project.title,
                  service: project.service,
                  place: project.place,
                  month: String(project.month),
                  year: String(project.year),
                  description: project.description,
                }}
                services={data.services}
                result={result}
              />
              <button type="submit" className="admin-button" id="project-save">
                Save
              </button>
            </>
          )}
        </ProjectActionForm>
      </section>

      <DeleteSection data={data} action={here} actionData={actionData} />
    </div>
  );
}

function ProjectPhotoTile({
  photo,
  index,
  total,
  isCover,
  action,
  actionData,
  fallback,
  serviceTitle,
}: {
  photo: AdminPhoto;
  serviceTitle: string | null;
  index: number;
  total: number;
  isCover: boolean;
  action: string;
  actionData: AdminActionResult | undefined;
  fallback: () => HTMLElement | null;
}) {
  const name = photoName(photo);
  const id = photo.id;
  const titleId = `project-photo-${id}`;
  const needsAlt = photo.status === "draft" && photo.alt.trim() === "";
  const moveFallback = () => document.getElementById(`move-down-${id}`) ?? document.getElementById(`move-up-${id}`);
  return (
    <li className="project-tile" aria-labelledby={titleId}>
      <ProjectThumb photo={photo} />
      <div className="project-tile__text">
        <p className="project-tile__name admin-break" id={titleId}>
          {index + 1}. {name}
        </p>
        <p className="project-tile__tags">
          {isCover ? <span className="admin-tag project-tag">Cover</span> : null}
          {photo.status === "draft" ? <span className="admin-tag project-tag">Draft</span> : null}
          {needsAlt ? <span className="admin-tag project-tag project-tag--warn">Needs a description</span> : null}
        </p>
      </div>
      {/* Mounted while the photo is in the project, so focus has a place once the description is saved and the field goes. */}
      <ProjectActionForm
        action={action}
        intent="describe"
        target={id}
        actionData={actionData}
        className={needsAlt ? "project-tile__describe" : "project-tile__describe project-tile__describe--done"}
        fallback={moveFallback}
        onRefused={() => document.getElementById(`describe-${id}`)}
        errorId={`describe-${id}-error`}
      >
        {(result) =>
          needsAlt ? (
            <>
              <input type="hidden" name="photoId" value={id} />
              <div className="admin-field">
                <label htmlFor={`describe-${id}`}>
                  Describe the photo for people who can't see it<span className="visually-hidden">: {index + 1}</span>
                </label>
                <input
                  id={`describe-${id}`}
                  name="alt"
                  required
                  maxLength={ALT_MAX_LENGTH}
                  defaultValue={isActionRefused(result) ? (result.values?.alt ?? "") : suggestAlt({ caption: photo.caption, serviceTitle })}
                  aria-invalid={isActionRefused(result) ? true : undefined}
                  aria-describedby={isActionRefused(result) ? `describe-${id}-error` : undefined}
                />
              </div>
              <button type="submit" className="admin-button" id={`describe-save-${id}`}>
                Save<span className="visually-hidden"> the description of photo {index + 1}</span>
              </button>
            </>
          ) : null
        }
      </ProjectActionForm>
      <div className="project-tile__actions">
        {(["up", "down"] as const).map((direction) => {
          const inert = direction === "up" ? index === 0 : index === total - 1;
          return (
            <ProjectActionForm key={direction} action={action} intent="move" target={`${id}:${direction}`} actionData={actionData} fallback={moveFallback}>
              <input type="hidden" name="photoId" value={id} />
              <input type="hidden" name="direction" value={direction} />
              <button
                type="submit"
                id={`move-${direction}-${id}`}
                className="admin-button admin-button--quiet"
                aria-disabled={inert ? true : undefined}
                onClick={blockWhenInert}
              >
                {direction === "up" ? "Move up" : "Move down"}
                <span className="visually-hidden">: {name}</span>
              </button>
            </ProjectActionForm>
          );
        })}
        {/* Mounted on the cover too, so focus moves on to "Remove from project" once this one is the cover. */}
        <ProjectActionForm action={action} intent="cover" target={id} actionData={actionData} fallback={() => document.getElementById(`remove-${id}`)}>
          <input type="hidden" name="photoId" value={id} />
          {isCover ? null : (
            <button type="submit" id={`cover-${id}`} className="admin-button admin-button--quiet">
              Make cover<span className="visually-hidden">: {name}</span>
            </button>
          )}
        </ProjectActionForm>
        <ProjectActionForm action={action} intent="remove-photo" target={id} actionData={actionData} fallback={fallback}>
          <input type="hidden" name="photoId" value={id} />
          <button type="submit" id={`remove-${id}`} className="admin-button admin-button--quiet">
            Remove from project<span className="visually-hidden">: {name}</span>
          </button>
        </ProjectActionForm>
      </div>
    </li>
  );
}

function AddPhotos({ data, action, actionData }: { data: AdminProjectData; action: string; actionData: AdminActionResult | undefined }) {
  const { available } = data;
  const pageHref = (page: number) => `${action}?page=${page}#add-photos-title`;
  return (
    <section className="admin-section" aria-labelledby="add-photos-title">
      <h2 id="add-photos-title" tabIndex={-1}>
        Add photos from the gallery
      </h2>
      {/* Always mounted, so focus has somewhere to go when adding took the last photos. */}
      <ProjectActionForm action={action} intent="add-photos" actionData={actionData} showDone fallback={() => document.getElementById("add-photos-title")}>
        {available.total === 0 ? (
          <p className="admin-empty">Every photo in the gallery is already in a project.</p>
        ) : (
          <>
            <fieldset className="project-pick">
              <legend className="admin-help">
                Tick the photos of this job ({available.total} not in a project; newest first).
              </legend>
              <ul className="project-pick__grid">
                {available.photos.map((photo) => (
                  <li key={photo.id}>
                    <label className="project-pick__item">
                      <input type="checkbox" name="photoId" value={photo.id} />
                      <ProjectThumb photo={photo} />
                      <span className="admin-break">
                        {photoName(photo)}
                        {photo.status === "draft" ? " (draft)" : ""}
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
            <button type="submit" className="admin-button" id="add-photos-submit">
              Add to project
            </button>
          </>
        )}
      </ProjectActionForm>
      {available.pages > 1 ? (
        <nav className="admin-pager" aria-label="Pages of photos to add">
          {available.page > 1 ? (
            <Link to={pageHref(available.page - 1)} rel="prev" preventScrollReset>
              ← Newer photos
            </Link>
          ) : (
            <span aria-hidden="true" />
          )}
          <p>
            Page {available.page} of {available.pages}
          </p>
          {available.page < available.pages ? (
            <Link to={pageHref(available.page + 1)} rel="next" preventScrollReset>
              Older photos →
            </Link>
          ) : (
            <span aria-hidden="true" />
          )}
        </nav>
      ) : null}
    </section>
  );
}

/** One of the pair form's two choices: the project's photos as picture tiles with radio buttons. */
function PhotoChoice({ name, legend, photos: choices, defaultValue, invalid }: { name: string; legend: string; photos: AdminPhoto[]; defaultValue?: string; invalid: boolean }) {
  return (
    <fieldset className="project-pick" aria-invalid={invalid ? true : undefined} aria-describedby={invalid ? "pair-error" : undefined}>
      <legend>{legend}</legend>
      <ul className="project-pick__grid">
        {choices.map((photo, index) => (
          <li key={photo.id}>
            <label className="project-pick__item">
              <input type="radio" name={name} value={photo.id} id={index === 0 ? `pair-${name}` : undefined} defaultChecked={photo.id === defaultValue} required />
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

function Pairs({ data, action, actionData }: { data: AdminProjectData; action: string; actionData: AdminActionResult | undefined }) {
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
              <ProjectActionForm action={action} intent="pair-remove" target={pair.id} actionData={actionData} fallback={() => document.getElementById("pairs-title")}>
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
                <PhotoChoice name="before" legend="Before photo" photos={data.photos} defaultValue={typed?.beforePhotoId} invalid={field === "before"} />
                <PhotoChoice name="after" legend="After photo" photos={data.photos} defaultValue={typed?.afterPhotoId} invalid={field === "after"} />
                <div className="admin-field">
                  <label htmlFor="pair-caption">Caption (optional)</label>
                  <input id="pair-caption" name="caption" maxLength={PAIR_CAPTION_MAX_LENGTH} defaultValue={typed?.caption ?? ""} />
                </div>
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

/** Publish (with the drafts) or take off the site: one form, so focus stays on its button when the label changes. */
function PublishSection({ data, action, actionData }: { data: AdminProjectData; action: string; actionData: AdminActionResult | undefined }) {
  const fetcher = useFetcher<AdminActionResult>();
  const result = answerFor("publish", undefined, fetcher.data, actionData) ?? answerFor("unpublish", undefined, fetcher.data, actionData);
  const first = useRef<HTMLButtonElement>(null);
  const onSubmit = useKeepFocus(fetcher, { fallback: () => first.current });
  const { project, draftCount, missingAlt } = data;
  const published = project.status === "published";
  const publishLabel = published
    ? `Publish its ${draftCount === 1 ? "draft photo" : `${draftCount} draft photos`}`
    : draftCount > 0
      ? `Publish project and its ${draftCount === 1 ? "draft photo" : `${draftCount} draft photos`}`
      : "Publish project";
  return (
    <section className="admin-section" aria-labelledby="publish-title">
      <h2 id="publish-title">{published ? "On the site" : "Publish"}</h2>
      <p>
        {published
          ? "This project is on the site."
          : "Only you can see this project. Publishing puts it on the site with all its photos."}
        {missingAlt > 0
          ? ` ${missingAlt === 1 ? "1 draft photo needs" : `${missingAlt} draft photos need`} a description for people who can't see it: write it on the photo above.`
          : ""}
      </p>
      {isActionRefused(result) ? (
        <div className="admin-alert" role="alert">
          <p>{result.error}</p>
        </div>
      ) : null}
      <fetcher.Form method="post" action={action} preventScrollReset className="admin-actions" onSubmit={onSubmit}>
        {!published || draftCount > 0 ? (
          <button type="submit" name="intent" value="publish" className="admin-button" id="project-publish" ref={first}>
            {publishLabel}
          </button>
        ) : null}
        {published ? (
          <button type="submit" name="intent" value="unpublish" className="admin-button admin-button--quiet" id="project-unpublish" ref={draftCount > 0 ? undefined : first}>
            Take off the site
          </button>
        ) : null}
      </fetcher.Form>
      <ActionDone result={result} />
    </section>
  );
}

function DeleteSection({ data, action, actionData }: { data: AdminProjectData; action: string; actionData: AdminActionResult | undefined }) {
  const { project, confirmDelete } = data;
  const heading = useRef<HTMLHeadingElement>(null);
  const link = useRef<HTMLAnchorElement>(null);
  const wasAsking = useRef(confirmDelete);
  useEffect(() => {
    // The question appears: focus goes to it; "No, keep it": back to "Delete project…".
    if (confirmDelete) heading.current?.focus();
    else if (wasAsking.current) link.current?.focus();
    wasAsking.current = confirmDelete;
  }, [confirmDelete]);
  const refusal = answerFor("delete", undefined, actionData);
  if (!confirmDelete) {
    return (
      <section className="admin-section" aria-labelledby="delete-title">
        <h2 id="delete-title">Delete</h2>
        {isActionRefused(refusal) ? (
          <div className="admin-alert" role="alert">
            <p>{refusal.error}</p>
          </div>
        ) : null}
        <p>
          <Link ref={link} to={`${action}?confirm=delete#confirm-delete`} preventScrollReset className="admin-link-button project-delete-link">
            Delete project…
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section id="confirm-delete" className="admin-section admin-danger" aria-labelledby="confirm-delete-title">
      <h2 id="confirm-delete-title" tabIndex={-1} ref={heading}>
        Delete this project?
      </h2>
      <p>
        “{project.title}” and its before/after pairs will be deleted
        {project.status === "published" ? ", and it leaves the site" : ""}.{" "}
        {data.photos.length === 0
          ? "It has no photos."
          : data.photos.length === 1
            ? "Its photo stays in the gallery."
            : `Its ${data.photos.length} photos stay in the gallery.`}{" "}
        This cannot be undone.
      </p>
      <Form method="post" action={action} className="admin-actions">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="confirm" value="yes" />
        <button type="submit" className="admin-button admin-button--danger">
          Yes, delete this project
        </button>
        <Link to={action} preventScrollReset className="admin-link-button">
          No, keep it
        </Link>
      </Form>
    </section>
  );
}
