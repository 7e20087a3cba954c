import type { Route } from "./+types/room";
import { PlaceholderPage, placeholderMeta } from "#app/components/placeholder-page.tsx";
import type { StyleGroup } from "#app/styles/groups.ts";

export const handle = { pageCache: true, hydrate: false, styles: [] satisfies StyleGroup[] };

export const meta: Route.MetaFunction = ({ matches }) => placeholderMeta(matches, "Room", "/room");

export default function Room() {
  return <PlaceholderPage title="Room" />;
}
