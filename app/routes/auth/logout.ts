import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { signOut } from "~/server/auth/session.server";

export function loader() {
  return redirect("/profile");
}

export async function action({ request, context }: Route.ActionArgs) {
  const cookie = await signOut({ request, context });
  return redirect("/", { headers: { "Set-Cookie": cookie } });
}
