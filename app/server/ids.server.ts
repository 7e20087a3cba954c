/** The ids this app makes are random UUIDs (`crypto.randomUUID()`). No framework import: the host's services use it too. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `id` has the shape of the ids this app makes (so no lookup is wasted on junk). */
export function isUuid(id: string | undefined | null): id is string {
  return typeof id === "string" && UUID.test(id);
}
