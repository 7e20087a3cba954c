/**
 * The service and project the admin chose for the next uploads, kept per admin in settings so
 * the next upload starts with the same choices on any device. docs/decisions/041-gallery-admin-for-volume.md
 */
import type { Database } from "#app/server/db/index.server.ts";
import { isUuid } from "#app/server/ids.server.ts";
import { serviceSlugs, type ServiceSlug } from "#app/schemas/content.ts";
import { getProject } from "#app/server/repos/projects.server.ts";
import { getSetting, setSetting } from "#app/server/repos/settings.server.ts";
import type { GalleryContext } from "#app/server/gallery/gallery-context.server.ts";

type Db = Database["db"];

/** The settings key of an admin's remembered upload choices. */
function uploadChoiceKey(adminId: string | null): string {
  return `gallery.upload-choice.${adminId ?? "none"}`;
}

export const isServiceSlug = (value: string): value is ServiceSlug => (serviceSlugs as readonly string[]).includes(value);

export async function saveUploadChoice({
  db,
  adminId,
  service,
  projectId,
}: {
  db: Db;
  adminId: string;
  service: string;
  projectId: string | null;
}): Promise<void> {
  await setSetting({ db, key: uploadChoiceKey(adminId), value: { service, projectId } });
}

/** What the admin chose last, unchecked: the service's slug ("" when none) and the project's id. */
export async function getUploadChoice({
  db,
  adminId,
}: {
  db: Db;
  adminId: string;
}): Promise<{ service: string; projectId: string | null }> {
  const remembered = await getSetting({ db, key: uploadChoiceKey(adminId) });
  const choice = remembered && typeof remembered === "object" && !Array.isArray(remembered) ? remembered : {};
  return {
    service: typeof choice.service === "string" ? choice.service : "",
    projectId: typeof choice.projectId === "string" ? choice.projectId : null,
  };
}

export async function rememberUploadChoice(
  { db }: Pick<GalleryContext, "db">,
  { adminId, service, projectId }: { adminId: string; service: string; projectId: string },
): Promise<void> {
  const known = isServiceSlug(service) ? service : "repair";
  const project = isUuid(projectId) ? await getProject({ db, id: projectId }) : null;
  await saveUploadChoice({ db, adminId, service: known, projectId: project?.id ?? null });
}
