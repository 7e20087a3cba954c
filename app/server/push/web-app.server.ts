/**
 * The web app manifest of the back office: installed from a phone, it opens the dashboard, and
 * its scope is /admin/ (the public site stays a web page). start_url is /admin/ rather than
 * /admin: a start_url outside the scope would make browsers drop the scope.
 */
const ADMIN_THEME_COLOR = "#1f3a5f";

export function adminManifest(businessName: string) {
  const name = `${businessName} — back office`;
  return {
    name,
    short_name: businessName.length <= 12 ? businessName : "Back office",
    description: "Estimate requests, photos and alerts for the business.",
    id: "/admin/",
    start_url: "/admin/",
    scope: "/admin/",
    display: "standalone",
    orientation: "portrait",
    theme_color: ADMIN_THEME_COLOR,
    background_color: "#ffffff",
    icons: [
      { src: "/icons/admin-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/admin-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/admin-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
      { src: "/icons/admin-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
