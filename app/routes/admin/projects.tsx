import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/projects";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { getBackend } from "#app/server/context.server.ts";
import { actionError, formText, readAdminForm, unknownIntentMessage } from "#app/server/forms.server.ts";
import { adminMeta } from "#app/components/admin/meta.ts";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { ProjectDetailsFields, useFocusRefusedField } from "#app/components/admin/project-details-fields.tsx";
import { ProjectStatusBadge, ProjectThumb } from "#app/components/admin/project-parts.tsx";
import { formatFinishedOn } from "#app/schemas/project-view.ts";
import { projectFormValues } from "#app/schemas/project.ts";
import projectsCss from "#app/styles/admin-projects.css?url";

const INTENTS = ["create"] as const;

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Projects", matches);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: projectsCss }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { projectAdmin } = getBackend(context);
  const done = new URL(request.url).searchParams.get("done");
  const now = new Date();
  return {
    flash: done === "deleted" ? "Deleted the project. Its photos are still in the gallery." : null,
    projects: await projectAdmin.list(),
    services: projectAdmin.services(),
    // A new project starts at this month: most are entered right after the job.
    defaults: { month: String(now.getUTCMonth() + 1), year: String(now.getUTCFullYear()) },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const { projectAdmin } = getBackend(context);
  const form = await readAdminForm(request);
  const field = (name: string) => formText(form, name) ?? "";
  const intent = formText(form, "intent");
  if (intent !== "create") return actionError(400, unknownIntentMessage(intent, INTENTS), intent);
  const values = projectFormValues(field);
  const result = await projectAdmin.create({ values, adminId: admin.id });
  if (!result.ok) return actionError(result.status, result.error, intent, result.values);
  return redirect(`/admin/projects/${result.projectId}?done=created`);
}

export default function AdminProjects({ loaderData, actionData }: Route.ComponentProps) {
  const { projects, services, defaults } = loaderData;
  useFocusRefusedField("new-project", actionData);
  return (
    <div className="admin-page projects-page">
      <h1>Projects</h1>
      <p className="admin-help">A project is one job told with its photos: before, during and after.</p>

      <section className="admin-section" aria-labelledby="projects-list-title">
        <h2 id="projects-list-title">Your projects ({projects.length})</h2>
        {projects.length === 0 ? (
          <p className="admin-empty">No projects yet. Start one below.</p>
        ) : (
          <ul className="project-list">
            {projects.map((project) => (
              <li key={project.id} className="project-row">
                <ProjectThumb photo={project.cover} />
                <div className="project-row__text">
                  <Link to={`/admin/projects/${project.id}`} className="project-row__title admin-break">
                    {project.title}
                  </Link>
                  <p className="admin-card__meta">
                    <ProjectStatusBadge status={project.status} /> {project.photoCount === 1 ? "1 photo" : `${project.photoCount} photos`}
                  </p>
                  <p className="admin-card__meta">
                    {project.place} · {formatFinishedOn(project.finishedOn)}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="admin-section" aria-labelledby="new-project-heading">
        <h2 id="new-project-heading">New project</h2>
        <Form method="post" className="admin-stack-form project-form">
          <input type="hidden" name="intent" value="create" />
          <ProjectDetailsFields
            idPrefix="new-project"
            values={{
              title: "",
              service: services[0]?.slug ?? "",
              place: "",
              month: defaults.month,
              year: defaults.year,
              description: "",
              titleEs: "",
              descriptionEs: "",
            }}
            services={services}
            result={actionData?.intent === "create" ? actionData : undefined}
          />
          <button type="submit" className="admin-button">
            Create project
          </button>
        </Form>
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
