import type { Route } from "./+types/robots";
import { getServices } from "~/server/context.server";

export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = getServices(context).config;
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /login",
    "Disallow: /signup",
    "Disallow: /forgot-password",
    "Disallow: /reset-password/",
    "Disallow: /profile",
    "",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
