import { ProjectDetailsFields } from "#app/components/admin/project-details-fields.tsx";
import { ProjectActionForm } from "#app/components/admin/project-parts.tsx";
import type { ProjectSectionProps } from "#app/components/admin/project/project-data.ts";
import { hasSpanishPage } from "#app/i18n/projects.ts";
import { localePath } from "#app/i18n/paths.ts";
import { projectHref } from "#app/schemas/project-view.ts";

/** The project's details (title, service, place, when, what was done) with Save. */
export function DetailsSection({ data, action, actionData }: ProjectSectionProps) {
  const { project } = data;
  return (
    <section className="admin-section" aria-labelledby="project-details-title">
      <h2 id="project-details-title">Details</h2>
      <ProjectActionForm
        action={action}
        intent="save"
        actionData={actionData}
        className="admin-stack-form project-form"
        showRefusal={false}
        showDone
      >
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
                titleEs: project.titleEs,
                descriptionEs: project.descriptionEs,
              }}
              services={data.services}
              result={result}
              spanish={{ page: hasSpanishPage(project) ? localePath("es", projectHref(project.slug)) : null }}
            />
            <button type="submit" className="admin-button" id="project-save">
              Save
            </button>
          </>
        )}
      </ProjectActionForm>
    </section>
  );
}
