import { Form, Link } from "react-router";
import { ActionError } from "#app/components/admin/action-error.tsx";
import { isActionRefused, type AdminActionResult } from "#app/schemas/admin-action.ts";
import type { ReviewFeedbackItem } from "#app/schemas/reviews-admin.ts";

/** "★★★★☆": the rating drawn, for the eye only (the words say it for everyone). */
function stars(rating: number): string {
  return "★".repeat(rating) + "☆".repeat(Math.max(0, 5 - rating));
}

/**
 * Homeowners' private feedback, newest first: the rating, their words, who and where, when, whether
 * they let the business quote them, and their request. A consenting comment not on the site yet has
 * "Publish as testimonial"; without consent there is no such button (and the server refuses it).
 */
export function FeedbackList({
  items,
  total,
  result,
}: {
  items: readonly ReviewFeedbackItem[];
  total: number;
  result: AdminActionResult | undefined;
}) {
  const refusedId = isActionRefused(result) ? result.values?.id : undefined;
  return (
    <section className="admin-section" aria-labelledby="review-feedback">
      <h2 id="review-feedback">Feedback, newest first</h2>
      {items.length === 0 ? (
        <p className="admin-muted">No feedback yet. It comes from the review page each finished job's homeowner gets.</p>
      ) : null}
      {total > items.length ? (
        <p className="admin-muted">
          The newest {items.length} of {total}.
        </p>
      ) : null}
      <ol className="admin-list review-feedback">
        {items.map((item) => (
          <li key={item.id} id={`feedback-${item.id}`} className={`admin-card${item.rating <= 3 ? " review-feedback--low" : ""}`}>
            <h3 className="admin-card__title">
              <span className="review-feedback__stars" aria-hidden="true">
                {stars(item.rating)}
              </span>{" "}
              {item.rating} of 5 · {item.name || "No name given"}
              {item.place ? `, ${item.place}` : ""}
            </h3>
            <p className="admin-card__meta">
              <time dateTime={item.dateTime}>{item.date}</time>
              {item.spanish ? " · in Spanish" : ""} ·{" "}
              {item.leadId ? <Link to={`/admin/leads/${item.leadId}`}>Open the request</Link> : "The request was deleted"}
            </p>
            {item.comment ? (
              <blockquote className="review-feedback__comment">{item.comment}</blockquote>
            ) : (
              <p className="admin-muted">No comment.</p>
            )}
            <p>
              May be quoted: <strong>{item.consent ? "Yes" : "No"}</strong>
              {item.consent ? "" : " (private: it stays off the site)"}
            </p>
            {refusedId === item.id ? <ActionError result={result} intent="publish" /> : null}
            {item.testimonialId ? (
              <p>
                On the site as a testimonial.{" "}
                <Link to={`/admin/site/testimonials#testimonial-${item.testimonialId}`}>See it on the Testimonials page</Link>
              </p>
            ) : item.canPublish ? (
              <Form method="post" className="review-feedback__publish">
                <input type="hidden" name="intent" value="publish" />
                <input type="hidden" name="id" value={item.id} />
                <button type="submit" className="admin-button">
                  Publish as testimonial
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
