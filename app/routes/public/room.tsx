import type { Route } from "./+types/room";
import { PlaceholderPage, placeholderMeta } from "#app/components/placeholder-page.tsx";

export const handle = { pageCache: true, hydrate: false };

export const meta: Route.MetaFunction = ({ matches }) => placeholderMeta(matches, "Room", "/room");

export default function Room() {
  return <PlaceholderPage title="Room" />;
}
