/**
 * Customer testimonials: the only code that writes SQL for `testimonials`. Shown in `position`
 * order (new ones go first); `moveTestimonial` swaps with the neighbour. A testimonial records
 * where it came from (0025): typed in by the owner ("admin"), or published from a homeowner's
 * consenting feedback ("feedback", with that feedback's id; issue 29).
 */
import type { Kysely } from "kysely";
import type { DB } from "#app/server/db/schema.server.ts";
import type { Testimonial } from "#app/schemas/site-rules.ts";
import type { Timed } from "#app/server/repos/args.server.ts";

/**
 * What the form sets; without a project the review is about none. Without `quoteEs` a new one has
 * no Spanish and an edit keeps the Spanish it had.
 */
export type TestimonialInput = Omit<Testimonial, "id" | "position" | "projectId" | "project" | "quoteEs"> & {
  projectId?: string | null;
  quoteEs?: string;
};

/** What adding or editing a testimonial takes. */
type TestimonialWrite = Timed<{ id: string; values: TestimonialInput }>;

type Row = DB["testimonials"];

/** A testimonial's row with its project's page, when that project is published. */
type RowWithProject = Row & {
  project_slug: string | null;
  project_title: string | null;
  project_title_es: string | null;
  project_description_es: string | null;
  project_status: string | null;
  feedback_at: string | null;
};

function toTestimonial(row: RowWithProject): Testimonial {
  return {
    id: row.id,
    quote: row.quote,
    quoteEs: row.quote_es,
    name: row.name,
    place: row.place,
    service: row.service,
    givenOn: row.given_on,
    link: row.link,
    projectId: row.project_id,
    project:
      row.project_status === "published" && row.project_slug !== null && row.project_title !== null
        ? {
            slug: row.project_slug,
            title: row.project_title,
            titleEs: row.project_title_es ?? "",
            descriptionEs: row.project_description_es ?? "",
          }
        : null,
    position: row.position,
    ...(row.source === "feedback" && row.source_feedback_id
      ? { fromFeedback: { feedbackId: row.source_feedback_id, at: row.feedback_at } }
      : {}),
  };
}

function selectWithProject(db: Kysely<DB>) {
  return db
    .selectFrom("testimonials")
    .leftJoin("projects", "projects.id", "testimonials.project_id")
    .leftJoin("review_feedback", "review_feedback.id", "testimonials.source_feedback_id")
    .selectAll("testimonials")
    .select([
      "review_feedback.updated_at as feedback_at",
      "projects.slug as project_slug",
      "projects.title as project_title",
      "projects.title_es as project_title_es",
      "projects.description_es as project_description_es",
      "projects.status as project_status",
    ]);
}

export async function listTestimonials({ db }: { db: Kysely<DB> }): Promise<Testimonial[]> {
  const rows = await selectWithProject(db).orderBy("testimonials.position").orderBy("testimonials.id").execute();
  return rows.map(toTestimonial);
}

export async function countTestimonials({ db }: { db: Kysely<DB> }): Promise<number> {
  const row = await db
    .selectFrom("testimonials")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function getTestimonial({ db, id }: { db: Kysely<DB>; id: string }): Promise<Testimonial | null> {
  const row = await selectWithProject(db).where("testimonials.id", "=", id).executeTakeFirst();
  return row ? toTestimonial(row) : null;
}

/** The columns a testimonial's form sets. */
function columnsOf(values: TestimonialInput) {
  return {
    quote: values.quote,
    name: values.name,
    place: values.place,
    service: values.service,
    given_on: values.givenOn,
    link: values.link,
    project_id: values.projectId ?? null,
    ...(values.quoteEs === undefined ? {} : { quote_es: values.quoteEs }),
  };
}

/** Adds a testimonial before all others. */
export async function addTestimonial({ db, id, values, now = new Date() }: TestimonialWrite): Promise<Testimonial> {
  return db.transaction().execute((trx) => insertFirst(trx, { id, values, now, source: null }));
}

/**
 * Adds a testimonial published from a homeowner's feedback (issue 29), before all others, with
 * where it came from. `db` is the transaction that links the feedback to it.
 */
export async function addFeedbackTestimonial({
  db,
  id,
  feedbackId,
  values,
  now = new Date(),
}: TestimonialWrite & { feedbackId: string }): Promise<Testimonial> {
  return insertFirst(db, { id, values, now, source: feedbackId });
}

async function insertFirst(
  trx: Kysely<DB>,
  { id, values, now, source }: { id: string; values: TestimonialInput; now: Date; source: string | null },
): Promise<Testimonial> {
  const first = await trx
    .selectFrom("testimonials")
    .select((eb) => eb.fn.min<number | null>("position").as("min"))
    .executeTakeFirst();
  const position = first?.min === null || first?.min === undefined ? 0 : Number(first.min) - 1;
  const stamp = now.toISOString();
  const row: Row = {
    id,
    quote_es: "",
    ...columnsOf(values),
    position,
    created_at: stamp,
    updated_at: stamp,
    source: source ? "feedback" : "admin",
    source_feedback_id: source,
  };
  await trx.insertInto("testimonials").values(row).execute();
  // Read back with its project, as the lists show it.
  const added = await getTestimonial({ db: trx, id });
  if (!added) throw new Error(`The testimonial ${id} was not stored`);
  return added;
}

/**
 * Takes down the testimonial published from `feedbackId` (the homeowner withdrew their consent or
 * changed their words); only one that came from that feedback. Returns whether one went.
 */
export async function deleteFeedbackTestimonial({
  db,
  id,
  feedbackId,
}: {
  db: Kysely<DB>;
  id: string;
  feedbackId: string;
}): Promise<boolean> {
  const result = await db
    .deleteFrom("testimonials")
    .where("id", "=", id)
    .where("source", "=", "feedback")
    .where("source_feedback_id", "=", feedbackId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Returns false when there is no such testimonial. */
export async function updateTestimonial({ db, id, values, now = new Date() }: TestimonialWrite): Promise<boolean> {
  const result = await db
    .updateTable("testimonials")
    .set({ ...columnsOf(values), updated_at: now.toISOString() })
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteTestimonial({ db, id }: { db: Kysely<DB>; id: string }): Promise<boolean> {
  const result = await db.deleteFrom("testimonials").where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Moves a testimonial one place up or down. Returns false when it is not there or already at that end. */
export async function moveTestimonial({ db, id, direction }: { db: Kysely<DB>; id: string; direction: "up" | "down" }): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const all = await trx.selectFrom("testimonials").select(["id", "position"]).orderBy("position").orderBy("id").execute();
    const index = all.findIndex((row) => row.id === id);
    const otherIndex = direction === "up" ? index - 1 : index + 1;
    if (index < 0 || otherIndex < 0 || otherIndex >= all.length) return false;
    // Renumber in order, swapping the two, so equal positions can never make the move a no-op.
    const order = all.map((row) => row.id);
    [order[index], order[otherIndex]] = [order[otherIndex] as string, order[index] as string];
    for (const [position, rowId] of order.entries()) {
      await trx.updateTable("testimonials").set({ position }).where("id", "=", rowId).execute();
    }
    return true;
  });
}
