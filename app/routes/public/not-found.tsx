import { data } from "react-router";
import { ErrorPage } from "#app/components/error-page.tsx";

/** Every path no other route claims: a real 404 with a helpful page (plain HTML, no JavaScript). */
export const handle = { hydrate: false };

export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return <ErrorPage status={404} />;
}
