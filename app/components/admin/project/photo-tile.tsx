import type { MouseEvent } from "react";
import { ALT_MAX_LENGTH, suggestAlt, type AdminPhoto } from "#app/schemas/photo-view.ts";
import { isActionRefused, type AdminActionResult } from "#app/schemas/admin-action.ts";
import { photoName, ProjectActionForm, ProjectThumb } from "#app/components/admin/project-parts.tsx";

interface TileProps {
  photo: AdminPhoto;
  index: number;
  action: string;
  actionData: AdminActionResult | undefined;
}

/** What the tile's buttons need besides the photo: its place, whether it is the cover, where focus goes once it is gone. */
interface ActionsProps extends TileProps {
  total: number;
  isCover: boolean;
  fallback: () => HTMLElement | null;
}

/** Keeps a button focusable where it cannot act (the first photo's "Move up"): focus does not jump away after a move. */
function blockWhenInert(event: MouseEvent<HTMLButtonElement>) {
  if (event.currentTarget.getAttribute("aria-disabled") === "true") event.preventDefault();
}

const moveFallbackOf = (id: string) => () => document.getElementById(`move-down-${id}`) ?? document.getElementById(`move-up-${id}`);

/** One photo of the project, in story order: its picture, tags, description form and buttons. */
export function ProjectPhotoTile(props: ActionsProps & { serviceTitle: string | null }) {
  const { photo, index, isCover, action, actionData, serviceTitle } = props;
  const name = photoName(photo);
  const id = photo.id;
  const titleId = `project-photo-${id}`;
  const needsAlt = photo.status === "draft" && photo.alt.trim() === "";
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
      <DescribeForm photo={photo} index={index} action={action} actionData={actionData} needsAlt={needsAlt} serviceTitle={serviceTitle} />
      <TileActions {...props} />
    </li>
  );
}

/** A draft without a description gets its field here, pre-filled from the caption. */
function DescribeForm({
  photo,
  index,
  action,
  actionData,
  needsAlt,
  serviceTitle,
}: TileProps & { needsAlt: boolean; serviceTitle: string | null }) {
  const id = photo.id;
  return (
    // Mounted while the photo is in the project, so focus has a place once the description is saved and the field goes.
    <ProjectActionForm
      action={action}
      intent="describe"
      target={id}
      actionData={actionData}
      className={needsAlt ? "project-tile__describe" : "project-tile__describe project-tile__describe--done"}
      fallback={moveFallbackOf(id)}
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
  );
}

/** Move up, Move down, Make cover, Remove from project: one small form each. */
function TileActions({ photo, index, total, isCover, action, actionData, fallback }: ActionsProps) {
  const name = photoName(photo);
  const id = photo.id;
  const moveFallback = moveFallbackOf(id);
  return (
    <div className="project-tile__actions">
      {(["up", "down"] as const).map((direction) => {
        const inert = direction === "up" ? index === 0 : index === total - 1;
        return (
          <ProjectActionForm
            key={direction}
            action={action}
            intent="move"
            target={`${id}:${direction}`}
            actionData={actionData}
            fallback={moveFallback}
          >
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
      <ProjectActionForm
        action={action}
        intent="cover"
        target={id}
        actionData={actionData}
        fallback={() => document.getElementById(`remove-${id}`)}
      >
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
  );
}
