import { data } from "react-router";
import { ErrorPage } from "~/components/error-page";

/** Every path no other route claims: a real 404 with a helpful page. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return <ErrorPage status={404} />;
}
