import type { Route } from "./+types/profile";

export async function loader(_args: Route.LoaderArgs) {
  return null;
}

export default function Page() {
  return <h1>profile</h1>;
}
