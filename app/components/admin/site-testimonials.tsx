import { Form, Link } from "react-router";
import { ConfirmDeleteForm } from "#app/components/admin/confirm-delete-form.tsx";
import { FieldError, FormField } from "#app/components/form-field.tsx";
import { testimonialLimits, type Testimonial, type TestimonialProject } from "#app/schemas/site-rules.ts";
import { SaveOrCancel } from "#app/components/admin/save-or-cancel.tsx";
import { siteFormValues, type SiteFieldProps } from "#app/components/admin/site-form-values.ts";
import { formatCalendarDate, type SiteFormResult } from "#app/components/admin/site-shared.tsx";
import { ActionError } from "#app/components/admin/action-error.tsx";

interface ServiceChoice {
  slug: string;
  title: string;
}

const PAGE = "/admin/site/testimonials";

/** "Maria G., Heights" — how a testimonial is named in buttons and headings. */
export function testimonialName(testimonial: Pick<Testimonial, "name" | "place">): string {
  return testimonial.place ? `${testimonial.name}, ${testimonial.place}` : testimonial.name;
}

function serviceTitle(services: readonly ServiceChoice[], slug: string | null): string {
  if (slug === null) return "The business as a whole";
  return services.find((service) => service.slug === slug)?.title ?? slug;
}

/** The form's fields from a stored testimonial (for editing). */
function fieldsOf(testimonial: Testimonial | undefined): Record<string, string> {
  if (!testimonial) return { quote: "", quote_es: "", name: "", place: "", service: "", project: "", given_on: "", link: "" };
  return {
    quote: testimonial.quote,
    quote_es: testimonial.quoteEs,
    name: testimonial.name,
    place: testimonial.place,
    service: testimonial.service ?? "",
    project: testimonial.projectId ?? "",
    given_on: testimonial.givenOn,
    link: testimonial.link ?? "",
  };
}

/**
 * The add and edit form: the customer's words, their name and neighbourhood, the service (or the
 * business as a whole), the date and where the review was posted. Plain HTML; a refusal comes back
 * with what was typed and each field's problem.
 */
export function TestimonialForm({
  testimonial,
  services,
  projects,
  result,
  today,
  idPrefix,
}: {
  /** The testimonial being edited; absent for a new one. */
  testimonial?: Testimonial;
  services: readonly ServiceChoice[];
  projects: readonly TestimonialProject[];
  result?: SiteFormResult;
  /** The site's date (SITE_TIMEZONE), "YYYY-MM-DD": the latest date the picker offers. */
  today: string;
  idPrefix: string;
}) {
  const { value, errors, field } = siteFormValues(fieldsOf(testimonial), result);
  const isEdit = Boolean(testimonial);
  return (
    <Form method="post" action={PAGE} className="site-form site-testimonial-form" preventScrollReset>
      <input type="hidden" name="intent" value={isEdit ? "update" : "add"} />
      {testimonial ? <input type="hidden" name="id" value={testimonial.id} /> : null}
      <ActionError result={result} />
      <FormField
        {...field("quote")}
        label="What the customer said"
        hint="Their words, as they wrote them. Ask them before you put a review on your site."
        multiline
        rows={5}
        required
        markRequired
        maxLength={testimonialLimits.quote.max}
      />
      <div id={testimonial ? `testimonial-${testimonial.id}-es` : undefined} className="site-testimonial__spanish">
        <FormField
          {...field("quote_es")}
          label="Quote in Spanish (optional)"
          hint="As the customer said it in Spanish, or your translation. Until you write it, the Spanish pages (under /es/) show the English quote."
          multiline
          rows={4}
          lang="es"
          maxLength={testimonialLimits.quoteEs.max}
        />
      </div>
      <div className="site-row">
        <FormField
          {...field("name")}
          label="Their name"
          hint="As they agreed to show it, like “Maria G.”"
          required
          markRequired
          maxLength={testimonialLimits.name.max}
        />
        <FormField
          {...field("place")}
          label="Neighbourhood or city"
          hint="Like “Heights, Houston”."
          maxLength={testimonialLimits.place.max}
        />
      </div>
      <ServiceAndDate
        selectId={`${idPrefix}-service`}
        chosen={value("service")}
        error={errors.service}
        services={services}
        givenOn={field("given_on")}
        today={today}
      />
      <ProjectChoice selectId={`${idPrefix}-project`} chosen={value("project")} error={errors.project} projects={projects} />
      <FormField
        {...field("link")}
        label="Where it was posted (optional)"
        hint="The address of the review on Google, Yelp, Nextdoor…, starting with https://."
        type="url"
        inputMode="url"
        maxLength={testimonialLimits.link.max}
      />
      <SaveOrCancel
        className="site-form__actions"
        label={isEdit ? "Save changes" : "Add the testimonial"}
        cancelTo={isEdit ? PAGE : null}
      />
    </Form>
  );
}

/** The service the testimonial is about (or the business as a whole), and the date of the review. */
function ServiceAndDate({
  selectId,
  chosen,
  error,
  services,
  givenOn,
  today,
}: {
  selectId: string;
  chosen: string;
  error: string | undefined;
  services: readonly ServiceChoice[];
  givenOn: SiteFieldProps;
  today: string;
}) {
  return (
    <div className="site-row">
      <div className="field site-field">
        <label htmlFor={selectId}>Service</label>
        <p className="field__hint" id={`${selectId}-hint`}>
          It also shows on that service's page.
        </p>
        <select
          id={selectId}
          name="service"
          defaultValue={chosen}
          aria-describedby={error ? `${selectId}-hint ${selectId}-error` : `${selectId}-hint`}
          aria-invalid={error ? true : undefined}
        >
          <option value="">The business as a whole</option>
          {services.map((service) => (
            <option key={service.slug} value={service.slug}>
              {service.title}
            </option>
          ))}
        </select>
        <FieldError id={`${selectId}-error`} error={error} />
      </div>
      <FormField
        {...givenOn}
        label="Date of the review"
        type="date"
        max={today}
        required
        markRequired
        className="site-field site-field--short"
      />
    </div>
  );
}

/** The project the review is about: its page is linked under the review once it is published. */
function ProjectChoice({
  selectId,
  chosen,
  error,
  projects,
}: {
  selectId: string;
  chosen: string;
  error: string | undefined;
  projects: readonly TestimonialProject[];
}) {
  return (
    <div className="field site-field">
      <label htmlFor={selectId}>Project (optional)</label>
      <p className="field__hint" id={`${selectId}-hint`}>
        {projects.length === 0
          ? "Once you add a project under Projects, you can link the review to it here."
          : "The job the customer is talking about: the review links to its page while the project is published."}
      </p>
      <select
        id={selectId}
        name="project"
        defaultValue={chosen}
        aria-describedby={error ? `${selectId}-hint ${selectId}-error` : `${selectId}-hint`}
        aria-invalid={error ? true : undefined}
      >
        <option value="">No project</option>
        {projects.map((project) => (
          <option key={project.id} value={project.id}>
            {project.isPublished ? project.title : `${project.title} (draft, not on the site yet)`}
          </option>
        ))}
      </select>
      <FieldError id={`${selectId}-error`} error={error} />
    </div>
  );
}

/**
 * One testimonial in the list: its words and facts, then Edit, Delete (a confirmation step) and
 * its place in the order. While it is being edited, the card holds its form instead.
 */
export function TestimonialCard({
  testimonial,
  index,
  total,
  services,
  projects,
  isEditing,
  result,
  today,
  feedbackDate,
}: {
  testimonial: Testimonial;
  index: number;
  total: number;
  services: readonly ServiceChoice[];
  projects: readonly TestimonialProject[];
  isEditing: boolean;
  /** A refused action on this testimonial. */
  result?: SiteFormResult;
  today: string;
  /** When the homeowner's feedback it was published from was sent, as the site's zone reads it. */
  feedbackDate?: string | null;
}) {
  const name = testimonialName(testimonial);
  const titleId = `testimonial-${testimonial.id}-title`;
  return (
    <li className="admin-card site-testimonial" aria-labelledby={titleId} id={`testimonial-${testimonial.id}`}>
      <h3 className="admin-card__title" id={titleId}>
        {index + 1}. {name}
      </h3>
      {isEditing ? (
        <TestimonialForm
          testimonial={testimonial}
          services={services}
          projects={projects}
          result={result?.intent === "update" ? result : undefined}
          today={today}
          idPrefix={`edit-${testimonial.id}`}
        />
      ) : (
        <>
          <blockquote className="site-testimonial__quote">
            <p className="admin-message">{testimonial.quote}</p>
          </blockquote>
          {testimonial.quoteEs ? (
            <>
              <p className="admin-help">In Spanish:</p>
              <blockquote className="site-testimonial__quote" lang="es">
                <p className="admin-message">{testimonial.quoteEs}</p>
              </blockquote>
            </>
          ) : (
            <p className="admin-help">No Spanish yet: the Spanish pages show the English quote.</p>
          )}
          <p className="admin-card__meta">
            {serviceTitle(services, testimonial.service)} ·{" "}
            <time dateTime={testimonial.givenOn}>{formatCalendarDate(testimonial.givenOn)}</time>
            {testimonial.projectId ? ` · Project: ${projects.find((p) => p.id === testimonial.projectId)?.title ?? "(not found)"}` : null}
            {testimonial.link ? (
              <>
                {" · "}
                <a href={testimonial.link} rel="noopener noreferrer" target="_blank" className="admin-break">
                  See where it was posted<span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </>
            ) : null}
          </p>
          {testimonial.fromFeedback ? (
            <p className="admin-help">
              From a homeowner's feedback{feedbackDate ? `, ${feedbackDate}` : ""}, published with their consent.{" "}
              <Link to={`/admin/reviews#feedback-${testimonial.fromFeedback.feedbackId}`}>See the feedback</Link>
            </p>
          ) : null}
          {result && result.intent !== "update" ? (
            <div className="admin-alert" role="alert">
              <p>{result.error}</p>
            </div>
          ) : null}
          <div className="site-testimonial__actions">
            <Link to={`${PAGE}?edit=${testimonial.id}#testimonial-${testimonial.id}`} className="admin-link-button">
              Edit<span className="visually-hidden">: {name}</span>
            </Link>
            <Link to={`${PAGE}?delete=${testimonial.id}#confirm-delete`} className="admin-link-button site-danger-link">
              Delete<span className="visually-hidden">: {name}</span>
            </Link>
            <MoveTestimonial id={testimonial.id} direction="up" name={name} disabled={index === 0} />
            <MoveTestimonial id={testimonial.id} direction="down" name={name} disabled={index === total - 1} />
          </div>
        </>
      )}
    </li>
  );
}

/** One step up or down in the order the site shows the testimonials. */
function MoveTestimonial({ id, direction, name, disabled }: { id: string; direction: "up" | "down"; name: string; disabled: boolean }) {
  return (
    <Form method="post" action={PAGE} preventScrollReset>
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="direction" value={direction} />
      <button type="submit" className="admin-button admin-button--quiet" disabled={disabled}>
        {direction === "up" ? "Move up" : "Move down"}
        <span className="visually-hidden">: {name}</span>
      </button>
    </Form>
  );
}

/** The question before a testimonial is deleted (`?delete=<id>`): works without JavaScript. */
export function DeleteTestimonial({ testimonial }: { testimonial: Testimonial }) {
  const excerpt = testimonial.quote.length > 160 ? `${testimonial.quote.slice(0, 159)}…` : testimonial.quote;
  return (
    <section id="confirm-delete" className="admin-section admin-danger" aria-labelledby="confirm-delete-title">
      <h2 id="confirm-delete-title">Delete this testimonial?</h2>
      <p>
        “{excerpt}” — {testimonialName(testimonial)}. It leaves every page of the site. This cannot be undone.
      </p>
      <ConfirmDeleteForm page={PAGE} id={testimonial.id} cancel="No, keep it" />
    </section>
  );
}
