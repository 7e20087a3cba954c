import { data } from "react-router";
import { ErrorPage } from "#app/components/error-page.tsx";
import type { StyleGroup } from "#app/styles/groups.ts";

/** Every path no other route claims: a real 404 with a helpful page (plain HTML, no JavaScript). */
export const handle = { hydrate: false, styles: [] satisfies StyleGroup[] };

export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return <ErrorPage status={404} />;
}
