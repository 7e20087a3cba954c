import { AdminPager } from "#app/components/admin/admin-pager.tsx";
import { photoName, ProjectActionForm, ProjectThumb } from "#app/components/admin/project-parts.tsx";
import type { ProjectSectionProps } from "#app/components/admin/project/project-data.ts";

/** The gallery's photos not in a project yet, ticked and added in one post, a page at a time. */
export function AddPhotos({ data, action, actionData }: ProjectSectionProps) {
  const { available } = data;
  const pageHref = (page: number) => `${action}?page=${page}#add-photos-title`;
  return (
    <section className="admin-section" aria-labelledby="add-photos-title">
      <h2 id="add-photos-title" tabIndex={-1}>
        Add photos from the gallery
      </h2>
      {/* Always mounted, so focus has somewhere to go when adding took the last photos. */}
      <ProjectActionForm
        action={action}
        intent="add-photos"
        actionData={actionData}
        showDone
        fallback={() => document.getElementById("add-photos-title")}
      >
        {available.total === 0 ? (
          <p className="admin-empty">Every photo in the gallery is already in a project.</p>
        ) : (
          <>
            <fieldset className="project-pick">
              <legend className="admin-help">Tick the photos of this job ({available.total} not in a project; newest first).</legend>
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
        <AdminPager
          label="Pages of photos to add"
          page={available.page}
          pages={available.pages}
          previous={available.page > 1 ? { href: pageHref(available.page - 1), text: "← Newer photos" } : null}
          next={available.page < available.pages ? { href: pageHref(available.page + 1), text: "Older photos →" } : null}
          preventScrollReset
        />
      ) : null}
    </section>
  );
}
