import type { Route } from "./+types/users";
import { requireAdmin } from "~/server/auth/session.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  return null;
}

export default function Page() {
  return <h1>Admin</h1>;
}
