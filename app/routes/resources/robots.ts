import type { Route } from "./+types/robots";
import { getBackend } from "#app/server/context.server.ts";

export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = getBackend(context).config;
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
