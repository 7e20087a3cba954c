import type { Route } from "./+types/setup";

export async function loader(_args: Route.LoaderArgs) {
  return null;
}

export default function Page() {
  return <h1>setup</h1>;
}
