import { useContext } from "react";
import { UNSAFE_FetchersContext as FetchersContext, unstable_useRoute as useRoute, useLocation, useMatches } from "react-router";
import { isActionDone, isActionRefused } from "#app/schemas/admin-action.ts";
import { answerNumber } from "#app/components/admin/in-place-form.tsx";

/** What the admin layout's status region says, and a key that changes with each new answer. */
interface Announcement {
  message: string | null;
  /** Changes with every new answer, so the same words twice are read out twice. */
  key: string;
}

/** The page (history entry) where each fetcher answer came back. */
const answerPages = new WeakMap<object, string>();
/**
 * The newest fetcher answer shown so far, by page (one page at most): kept when its fetcher unmounts.
 * Only the browser sets it (a server render has no fetcher answers).
 */
const lastAnswer = new Map<string, { message: string | null; number: number }>();

/**
 * The sentence for the admin layout's status region (ADR 031), newest first:
 * 1. the newest answer of any fetcher on the page that says `{ ok: true, message }`; a refusal
 *    empties the region (its form shows the error where the admin is looking). Any fetcher form
 *    counts, whoever wrote it, with no change on its side;
 * 2. the page's own action data of that shape (a plain post without JavaScript);
 * 3. the page loader's `flash` (what a redirecting action did, e.g. `?done=…`).
 * A fetcher's answer counts only on the page where it came back, not after a navigation. An answer
 * stays after its fetcher is gone: a form that removes its own row (a photo taken out of a
 * project) unmounts with the row as the page reloads its data, and its sentence must not give way
 * to an older one.
 */
export function useAnnouncement(): Announcement {
  const leaf = useMatches().at(-1);
  const route = useRoute((leaf?.id ?? "root") as "root");
  // Every mounted fetcher's latest answer, by key. useFetchers() would not do: it lists a fetcher
  // only while it is busy, and an answer must stay on screen after its fetcher is idle again. This
  // is the map useFetcher() itself reads its `data` from.
  const fetcherData = useContext(FetchersContext)?.fetcherData ?? noAnswers;
  const { key: pageKey } = useLocation();

  let newest: { message: string | null; number: number } | null = null;
  for (const data of fetcherData.values()) {
    if (!isActionDone(data) && !isActionRefused(data)) continue;
    if (!answerPages.has(data)) answerPages.set(data, pageKey);
    if (answerPages.get(data) !== pageKey) continue;
    const number = answerNumber(data);
    if (newest === null || number > newest.number) newest = { message: isActionDone(data) ? data.message : null, number };
  }
  const kept = lastAnswer.get(pageKey) ?? null;
  if (kept && (newest === null || kept.number > newest.number)) newest = kept;
  // The newest answer so far on this page (its fetcher may unmount before the next render).
  if (newest && newest !== kept) {
    // One page's answer at a time: the map never grows.
    lastAnswer.clear();
    lastAnswer.set(pageKey, newest);
  }
  if (newest) return { message: newest.message, key: `answer-${newest.number}` };

  const actionData: unknown = route?.actionData;
  if (isActionDone(actionData)) return { message: actionData.message, key: "action" };
  const flash = (leaf?.loaderData as { flash?: unknown } | undefined)?.flash;
  return { message: typeof flash === "string" ? flash : null, key: "flash" };
}

const noAnswers: ReadonlyMap<string, unknown> = new Map();
