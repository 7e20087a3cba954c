import { useRef } from "react";
import { useFetcher } from "react-router";
import type { AdminActionResult } from "#app/schemas/admin-action.ts";
import { ActionError } from "#app/components/admin/action-error.tsx";
import { ActionDone, useKeepFocus } from "#app/components/admin/in-place-form.tsx";
import { answerFor } from "#app/components/admin/project-parts.tsx";
import type { ProjectSectionProps } from "#app/components/admin/project/project-data.ts";

/** Publish (with the drafts) or take off the site: one form, so focus stays on its button when the label changes. */
export function PublishSection({ data, action, actionData }: ProjectSectionProps) {
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
        {published ? "This project is on the site." : "Only you can see this project. Publishing puts it on the site with all its photos."}
        {missingAlt > 0
          ? ` ${missingAlt === 1 ? "1 draft photo needs" : `${missingAlt} draft photos need`} a description for people who can't see it: write it on the photo above.`
          : ""}
      </p>
      <ActionError result={result} />
      <fetcher.Form method="post" action={action} preventScrollReset className="admin-actions" onSubmit={onSubmit}>
        {!published || draftCount > 0 ? (
          <button type="submit" name="intent" value="publish" className="admin-button" id="project-publish" ref={first}>
            {publishLabel}
          </button>
        ) : null}
        {published ? (
          <button
            type="submit"
            name="intent"
            value="unpublish"
            className="admin-button admin-button--quiet"
            id="project-unpublish"
            ref={draftCount > 0 ? undefined : first}
          >
            Take off the site
          </button>
        ) : null}
      </fetcher.Form>
      <ActionDone result={result} />
    </section>
  );
}
