import { company } from "~/content/company";

export function loader() {
  return Response.json(
    {
      name: company.name,
      short_name: company.name,
      start_url: "/",
      display: "browser",
      background_color: "#ffffff",
      theme_color: "#1f3a5f",
      icons: [{ src: "/images/favicon.svg", sizes: "any", type: "image/svg+xml" }],
    },
    { headers: { "Content-Type": "application/manifest+json", "Cache-Control": "public, max-age=86400" } },
  );
}
