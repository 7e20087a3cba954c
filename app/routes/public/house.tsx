import type { Route } from "./+types/house";
import { PlaceholderPage, placeholderMeta } from "#app/components/placeholder-page.tsx";

export const handle = { pageCache: true, hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) => placeholderMeta(matches, "House", "/house");

export default function House() {
  return <PlaceholderPage title="House" />;
}
