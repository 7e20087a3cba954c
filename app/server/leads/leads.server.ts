/**
 * The leads feature: every verb the admin pages and the estimate form call on estimate requests,
 * bound once by the host (`createLeads`) to the services they need, so a route passes only what
 * it read from the request: the desk (inbox, one request, the CSV export: desk.server.ts), the
 * photos of the job (job-photos.server.ts), replies and their templates (replies.server.ts,
 * reply-templates.server.ts; ADR 032) and the estimate form's action (estimate/action.server.ts).
 * Refusals are results, not thrown classes: the host builds this outside the server bundle
 * (ADR 016).
 */
import type { AppServices } from "../context.server.ts";
import type { Lead } from "../repos/leads.server.ts";
import { createDesk } from "./desk.server.ts";
import { createJobPhotos } from "./job-photos.server.ts";
import { getReplySection, sendLeadReply } from "./replies.server.ts";
import { listTemplates, removeReplyTemplate, saveReplyTemplate } from "./reply-templates.server.ts";
import { estimateAction, type EstimatePost } from "./estimate/action.server.ts";

export type LeadsServices = Pick<
  AppServices,
  "config" | "database" | "logger" | "secret" | "formTokens" | "outbox" | "push" | "blobStore" | "disk" | "images" | "site" | "clock"
>;

export function createLeads(services: LeadsServices) {
  const photos = createJobPhotos(services);
  return {
    ...createDesk(services),
    leadPhotoViews: photos.leadPhotoViews,
    openLeadPhoto: photos.openLeadPhoto,
    startPhotoHousekeeping: photos.startHousekeeping,
    getReplySection: (section: { leadId: string; templateId: string | null }) => getReplySection({ services, ...section }),
    sendLeadReply: (reply: { lead: Lead; adminId: string; subject: string | undefined; body: string | undefined }) =>
      sendLeadReply({ services, ...reply }),
    listReplyTemplates: () => listTemplates({ services }),
    saveReplyTemplate: (template: { id?: string; fields: Record<"name" | "subject" | "body", string> }) =>
      saveReplyTemplate({ services, ...template }),
    removeReplyTemplate: ({ id }: { id: string | undefined }) => removeReplyTemplate({ services, id }),
    /** The estimate form's post (`/`, `/contact`, the form script's resource route). */
    estimateAction: (post: EstimatePost) => estimateAction({ ...services, photos }, post),
  };
}

export type Leads = ReturnType<typeof createLeads>;
