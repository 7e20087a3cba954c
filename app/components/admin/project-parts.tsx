import { useRef, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { pickSource, type AdminPhoto } from "#app/schemas/photo-view.ts";
import { isActionDone, isActionRefused, type AdminActionResult } from "#app/schemas/admin-action.ts";
import type { ProjectStatus } from "#app/schemas/project.ts";
import { ActionDone, useKeepFocus } from "#app/components/admin/in-place-form.tsx";

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  return <span className={`status-badge project-status--${status}`}>{status === "published" ? "Published" : "Draft"}</span>;
}

/** A small square picture of a photo; a grey box when there is none. `alt` "" when a text next to it says the same. */
export function ProjectThumb({ photo, alt = "" }: { photo: AdminPhoto | null; alt?: string }) {
  if (!photo) return <span className="project-thumb project-thumb--empty" aria-hidden="true" />;
  const source = pickSource(photo.webp, 320) ?? photo.large;
  return <img className="project-thumb" src={source.url} width={source.width} height={source.height} alt={alt} loading="lazy" />;
}

/** A short name for a photo in buttons' accessible names. */
export function photoName(photo: AdminPhoto): string {
  const text = (photo.caption || photo.alt).trim();
  if (!text) return "photo without a description";
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/** An action's answer is this form's: its intent, and its `target` (a photo or pair) when it has one. */
export function answerFor(intent: string, target: string | undefined, ...answers: unknown[]): AdminActionResult | undefined {
  for (const value of answers) {
    if (!isActionDone(value) && !isActionRefused(value)) continue;
    if (value.intent !== intent) continue;
    const answerTarget = isActionRefused(value) ? value.values?.target : (value as { target?: string }).target;
    if (target !== undefined && answerTarget !== undefined && answerTarget !== target) continue;
    if (target !== undefined && answerTarget === undefined && isActionRefused(value)) continue;
    return value;
  }
  return undefined;
}

/**
 * A fetcher form of the project page posting one `intent` (ADR 031): the page changes in place,
 * focus stays on the button used (or goes to `fallback` when that button is gone, or to the field
 * a refusal names), the refusal shows above the form and, with `showDone`, the sentence below it.
 * Without JavaScript it is a plain post that renders the page with the same sentence.
 */
export function ProjectActionForm({
  action,
  intent,
  target,
  actionData,
  className,
  children,
  showDone = false,
  fallback,
  onRefused,
  errorId,
  showRefusal = true,
  resetOnDone = false,
}: {
  action: string;
  intent: string;
  /** The photo or pair the form is about, so only its own refusal shows here. */
  target?: string;
  actionData: unknown;
  className?: string;
  children: ReactNode | ((result: AdminActionResult | undefined) => ReactNode);
  showDone?: boolean;
  fallback?: () => HTMLElement | null;
  /** The element to focus after a refusal (given the refusal); default: the button used keeps it. */
  onRefused?: (result: AdminActionResult) => HTMLElement | null;
  /** Empties the form after it worked (a new pair). */
  resetOnDone?: boolean;
  errorId?: string;
  /** False when the children show the refusal themselves (next to the field it is about). */
  showRefusal?: boolean;
}) {
  const fetcher = useFetcher<AdminActionResult>();
  const result = answerFor(intent, target, fetcher.data, actionData);
  const form = useRef<HTMLFormElement>(null);
  const onSubmit = useKeepFocus(fetcher, {
    fallback,
    onRefused: () => (onRefused && isActionRefused(fetcher.data) ? onRefused(fetcher.data) : null),
    onDone: () => {
      if (resetOnDone) form.current?.reset();
    },
  });
  return (
    <>
      {showRefusal && isActionRefused(result) ? (
        <div className="admin-alert" role="alert" id={errorId}>
          <p>{result.error}</p>
        </div>
      ) : null}
      <fetcher.Form ref={form} method="post" action={action} preventScrollReset className={className} onSubmit={onSubmit}>
        <input type="hidden" name="intent" value={intent} />
        {typeof children === "function" ? children(result) : children}
      </fetcher.Form>
      {showDone ? <ActionDone result={result} /> : null}
    </>
  );
}
