import { data, redirect } from "react-router";
import type { Route } from "./+types/site-testimonials";
import { requireAdmin } from "#app/server/auth/session.server.ts";
import { getBackend } from "#app/server/context.server.ts";
import { actionError, formText, isUuid, readAdminForm, unknownIntentMessage } from "#app/server/forms.server.ts";
import { TestimonialFormSchema, fieldErrors, testimonialLimits, type Testimonial } from "#app/schemas/site.ts";
import { services as siteServices } from "#app/content/services.ts";
import { adminMeta } from "#app/components/admin/meta.ts";
import { AdminError } from "#app/components/admin/admin-error.tsx";
import { ActionError } from "#app/components/admin/action-error.tsx";
import { SiteHeader, type SiteFormResult } from "#app/components/admin/site-shared.tsx";
import { DeleteTestimonial, TestimonialCard, TestimonialForm, testimonialName } from "#app/components/admin/site-testimonials.tsx";
import siteCss from "#app/styles/admin-site.css?url";

const PAGE = "/admin/site/testimonials";
const INTENTS = ["add", "update", "delete", "move"] as const;
const FORM_FIELDS = ["quote", "quote_es", "name", "place", "service", "project", "given_on", "link"] as const;

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Testimonials", matches);

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: siteCss }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { site, clock } = getBackend(context);
  const [testimonials, projects] = await Promise.all([site.testimonials(), site.testimonialProjects()]);
  const params = new URL(request.url).searchParams;
  const find = (name: string) => {
    const id = params.get(name);
    return isUuid(id) ? (testimonials.find((t) => t.id === id) ?? null) : null;
  };
  return {
    flash: flashMessage(params.get("done"), find("id"), testimonials),
    testimonials,
    editId: find("edit")?.id ?? null,
    confirmDelete: find("delete"),
    services: siteServices.map((service) => ({ slug: service.slug, title: service.title })),
    projects,
    today: clock.localDate(new Date()),
    // Where a testimonial published from a homeowner's feedback came from, and when (issue 29).
    feedbackDates: Object.fromEntries(
      testimonials.flatMap((t) => (t.fromFeedback ? [[t.id, t.fromFeedback.at ? clock.formatDate(t.fromFeedback.at) : null]] : [])),
    ) as Record<string, string | null>,
    max: testimonialLimits.count.max,
  };
}

/** What the last action did, from the code its redirect carried (and the testimonial it named). */
function flashMessage(done: string | null, testimonial: Testimonial | null, all: Testimonial[]): string | null {
  const who = testimonial ? testimonialName(testimonial) : null;
  switch (done) {
    case "added":
      return who ? `Added the testimonial from ${who}. The site shows it now.` : "Added the testimonial.";
    case "updated":
      return who ? `Saved the testimonial from ${who}.` : "Saved the testimonial.";
    case "deleted":
      return "Deleted the testimonial.";
    case "moved":
      return who
        ? `Moved the testimonial from ${who} to place ${all.indexOf(testimonial!) + 1} of ${all.length}.`
        : "Moved the testimonial.";
    default:
      return null;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const { site, logger } = getBackend(context);
  const form = await readAdminForm(request);
  const intent = formText(form, "intent");
  if (!(INTENTS as readonly string[]).includes(intent ?? "")) {
    return actionError(400, unknownIntentMessage(intent, INTENTS), intent);
  }
  const id = formText(form, "id") ?? "";

  if (intent === "delete") {
    if (formText(form, "confirm") !== "yes") {
      return actionError(400, "Please confirm: use “Delete” and then “Yes, delete it”.", intent, { id });
    }
    const result = await site.removeTestimonial({ id });
    if (!result.ok) return actionError(result.status, result.error, intent, { id });
    logger.info("testimonial deleted", { id, adminId: admin.id });
    return redirect(`${PAGE}?done=deleted`);
  }

  if (intent === "move") {
    const result = await site.moveTestimonial({ id, direction: formText(form, "direction") ?? "" });
    if (!result.ok) return actionError(result.status, result.error, intent, { id });
    return redirect(`${PAGE}?done=moved&id=${id}#testimonial-${id}`);
  }

  const values = Object.fromEntries(FORM_FIELDS.map((name) => [name, formText(form, name) ?? ""]));
  const parsed = TestimonialFormSchema.safeParse(values);
  if (!parsed.success) {
    const errors = fieldErrors<string>(parsed.error) as Record<string, string>;
    const count = Object.keys(errors).length;
    return data<SiteFormResult>(
      {
        error: `Nothing was saved: please correct ${count === 1 ? "the field" : `the ${count} fields`} marked below.`,
        intent: intent ?? null,
        values: { ...values, id },
        fieldErrors: errors,
      },
      { status: 400 },
    );
  }
  if (intent === "add") {
    const before = new Set((await site.testimonials()).map((t) => t.id));
    const result = await site.addTestimonial({ values: parsed.data });
    if (!result.ok) return actionError(result.status, result.error, intent, values);
    // The one that was not there before, to name it in the status line.
    const added = (await site.testimonials()).find((t) => !before.has(t.id));
    logger.info("testimonial added", { id: added?.id ?? null, adminId: admin.id });
    return redirect(added ? `${PAGE}?done=added&id=${added.id}#testimonial-${added.id}` : `${PAGE}?done=added`);
  }
  const result = await site.updateTestimonial({ id, values: parsed.data });
  if (!result.ok) return actionError(result.status, result.error, intent, { ...values, id });
  logger.info("testimonial updated", { id, adminId: admin.id });
  return redirect(`${PAGE}?done=updated&id=${id}#testimonial-${id}`);
}

export default function SiteTestimonials({ loaderData, actionData }: Route.ComponentProps) {
  const { testimonials, editId, confirmDelete, services, projects, today, max, feedbackDates } = loaderData;
  const result = actionData as SiteFormResult | undefined;
  // A refusal about one listed testimonial shows in its card; an update refused keeps its form open.
  const resultId = result?.values?.id;
  const aboutListed = testimonials.some((t) => t.id === resultId) && result?.intent !== "add";
  const editing = result?.intent === "update" && aboutListed ? resultId : editId;
  return (
    <div className="admin-page site-screen">
      <SiteHeader title="Testimonials">
        <p>
          What your customers said about your work. The site shows them on the home page, the about page and the page of the service each
          one is about, in this order.
        </p>
      </SiteHeader>
      {aboutListed || result?.intent === "add" ? null : <ActionError result={result} />}
      {confirmDelete ? <DeleteTestimonial testimonial={confirmDelete} /> : null}

      {/* While one is being edited, its form is the only one on the page. */}
      {editing ? null : (
        <section className="admin-section" aria-labelledby="add-testimonial">
          <h2 id="add-testimonial">Add a testimonial</h2>
          <p className="admin-help">A new testimonial goes first in the list; the Move buttons change the order.</p>
          {testimonials.length >= max ? (
            <p className="admin-notice">The site keeps at most {max} testimonials: delete an old one to add another.</p>
          ) : (
            <TestimonialForm
              services={services}
              projects={projects}
              result={result?.intent === "add" ? result : undefined}
              today={today}
              idPrefix="add"
              key={testimonials.length}
            />
          )}
        </section>
      )}
      <section className="admin-section" aria-labelledby="testimonials-list">
        <h2 id="testimonials-list">{testimonials.length === 1 ? "1 testimonial" : `${testimonials.length} testimonials`}</h2>
        {testimonials.length === 0 ? (
          <div className="admin-empty">
            <p>No testimonials yet. Add the words of a happy customer with the form above: homeowners trust other homeowners.</p>
          </div>
        ) : (
          <ol className="admin-list site-testimonials">
            {testimonials.map((testimonial, index) => (
              <TestimonialCard
                key={testimonial.id}
                testimonial={testimonial}
                index={index}
                total={testimonials.length}
                services={services}
                projects={projects}
                isEditing={editing === testimonial.id}
                result={aboutListed && resultId === testimonial.id ? result : undefined}
                today={today}
                feedbackDate={feedbackDates[testimonial.id]}
              />
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
