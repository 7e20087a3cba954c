/** The testimonials: added, edited, removed and ordered, at most a set number. docs/decisions/017-business-profile.md */
import { randomUUID } from "node:crypto";
import { isUuid } from "#app/server/ids.server.ts";
import { serviceSlugs } from "#app/schemas/content.ts";
import { testimonialLimits, type TestimonialFormValues, type TestimonialProject } from "#app/schemas/site.ts";
import {
  addTestimonial as addTestimonialRow,
  countTestimonials,
  deleteTestimonial,
  moveTestimonial as moveTestimonialRow,
  updateTestimonial as updateTestimonialRow,
  type TestimonialInput,
} from "#app/server/repos/testimonials.server.ts";
import { getProject, listProjects } from "#app/server/repos/projects.server.ts";
import { change, refused, type SiteContext } from "#app/server/site/site-context.server.ts";
import type { SiteChange } from "#app/server/site/types.server.ts";

/** How many projects the testimonial form offers: the newest, which is where new reviews come from. */
const PROJECT_CHOICES = 200;

const GONE = "That testimonial is no longer there: it may have been deleted.";

export const addTestimonial = (ctx: SiteContext, { values }: { values: TestimonialFormValues }): Promise<SiteChange> =>
  change(ctx, async () => {
    const input = await toInput(ctx, values);
    if (typeof input === "string") return refused(400, input);
    if ((await countTestimonials({ db: ctx.db })) >= testimonialLimits.count.max) {
      return refused(409, `The site keeps at most ${testimonialLimits.count.max} testimonials: please delete an old one first.`);
    }
    await addTestimonialRow({ db: ctx.db, id: randomUUID(), values: input });
    return { ok: true };
  });

export const updateTestimonial = (ctx: SiteContext, { id, values }: { id: string; values: TestimonialFormValues }): Promise<SiteChange> =>
  change(ctx, async () => {
    const input = await toInput(ctx, values);
    if (typeof input === "string") return refused(400, input);
    if (!isUuid(id) || !(await updateTestimonialRow({ db: ctx.db, id, values: input }))) return refused(404, GONE);
    return { ok: true };
  });

export const removeTestimonial = (ctx: SiteContext, { id }: { id: string }): Promise<SiteChange> =>
  change(ctx, async () => {
    if (!isUuid(id) || !(await deleteTestimonial({ db: ctx.db, id }))) return refused(404, GONE);
    return { ok: true };
  });

export const moveTestimonial = (ctx: SiteContext, { id, direction }: { id: string; direction: string }): Promise<SiteChange> =>
  change(ctx, async () => {
    if (direction !== "up" && direction !== "down") return refused(400, "Please move the testimonial up or down.");
    if (!isUuid(id)) return refused(404, GONE);
    if (!(await moveTestimonialRow({ db: ctx.db, id, direction }))) {
      return refused(409, `That testimonial is already ${direction === "up" ? "first" : "last"}.`);
    }
    return { ok: true };
  });

/** The projects a testimonial can be about, newest first: drafts too, linked once published. */
export async function testimonialProjects({ db }: SiteContext): Promise<TestimonialProject[]> {
  const rows = await listProjects({ db, limit: PROJECT_CHOICES });
  return rows.map((row) => ({ id: row.id, title: row.title, isPublished: row.status === "published" }));
}

/** The form's values as the repository stores them, or why they cannot be. */
async function toInput({ db }: SiteContext, values: TestimonialFormValues): Promise<TestimonialInput | string> {
  const service = values.service === "" ? null : values.service;
  if (service !== null && !(serviceSlugs as readonly string[]).includes(service)) {
    return "Please choose one of the services, or “The business as a whole”.";
  }
  const projectId = values.project === "" ? null : values.project;
  if (projectId !== null && !(isUuid(projectId) && (await getProject({ db, id: projectId })))) {
    return "That project is no longer there: it may have been deleted. Please choose another, or “No project”.";
  }
  return {
    projectId,
    quote: values.quote,
    quoteEs: values.quote_es,
    name: values.name,
    place: values.place,
    service,
    givenOn: values.given_on,
    link: values.link === "" ? null : values.link,
  };
}
