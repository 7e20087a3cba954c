import { useCallback, useEffect, useRef, type FormEvent } from "react";
import { isActionDone, isActionRefused, type AdminActionResult } from "#app/schemas/admin-action.ts";

/** The parts of a `useFetcher()` these helpers read. */
interface FetcherLike {
  state: "idle" | "loading" | "submitting";
  data: unknown;
}

/**
 * Keeps the admin where they were after a fetcher form's post (ADR 031). The control that sent the
 * form keeps focus; when the page's answer re-rendered it away (a button that is not shown while
 * an email is being sent), focus goes to the same control found again by its id, or to
 * `fallback`. After a refusal, `onRefused` names the field to fix, and focus goes there. Returns
 * the form's `onSubmit`.
 */
export function useKeepFocus(
  fetcher: FetcherLike,
  {
    onRefused,
    fallback,
    onDone,
  }: {
    onRefused?: () => HTMLElement | null;
    fallback?: () => HTMLElement | null;
    /** Runs once after each answer that says the action worked (e.g. to empty the form). */
    onDone?: () => void;
  } = {},
): (event: FormEvent<HTMLFormElement>) => void {
  const sent = useRef<{ element: HTMLElement | null; id: string } | null>(null);

  const { state, data } = fetcher;
  useEffect(() => {
    if (state !== "idle" || sent.current === null || data === undefined) return;
    const { element, id } = sent.current;
    sent.current = null;
    if (isActionRefused(data)) {
      const field = onRefused?.();
      if (field) field.focus();
      return;
    }
    if (isActionDone(data)) onDone?.();
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const again = element?.isConnected ? element : id ? document.getElementById(id) : null;
    (again ?? fallback?.())?.focus();
    // The callbacks change every render; `sent` makes each answer handled once.
  }, [state, data, onRefused, fallback, onDone]);

  return useCallback((event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const element =
      submitter instanceof HTMLElement ? submitter : document.activeElement instanceof HTMLElement ? document.activeElement : null;
    sent.current = { element, id: element?.id ?? "" };
  }, []);
}

/**
 * What a form's last action did, next to the form. Shown only while there is something to say:
 * the admin layout's status line is the live region that is always there and reads the message
 * out (ADR 031); this one keeps it where the admin is looking. Keyed by the answer, so a second
 * identical sentence is a new element.
 */
export function ActionDone({ result }: { result: AdminActionResult | undefined }) {
  if (!isActionDone(result)) return null;
  return (
    // A div with role="status" rather than <output>, as in the admin layout.
    // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
    <div role="status" className="admin-flash admin-flash--inline" key={answerNumber(result)}>
      <p>{result.message}</p>
    </div>
  );
}

const answerNumbers = new WeakMap<object, number>();
let answersSeen = 0;

/**
 * A number for an action's answer, given the first time it is seen: a later answer has a larger
 * one (each answer is a new object). Used as a React key, and to find the newest answer.
 */
export function answerNumber(answer: object): number {
  let number = answerNumbers.get(answer);
  if (number === undefined) {
    number = ++answersSeen;
    answerNumbers.set(answer, number);
  }
  return number;
}
