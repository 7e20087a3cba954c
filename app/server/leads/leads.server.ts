/**
 * The leads feature: every verb the admin pages and the estimate form call on estimate requests,
 * bound once by the host (`createLeads`) to the services they need, so a route passes only what
 * it read from the request: the desk (inbox, one request, the CSV export: desk.server.ts), the
 * photos of the job (job-photos.server.ts), replies and their templates (replies.server.ts,
 * reply-templates.server.ts; ADR 032) and the estimate form's action (estimate/action.server.ts).
 * Refusals are results, not thrown classes: the host builds this outside the server bundle
 * (ADR 016).
 */
import type { BackendBase } from "#app/server/backend-base.server.ts";
import type { Lead } from "#app/server/repos/leads.server.ts";
import { createDesk } from "#app/server/leads/desk.server.ts";
import { createJobPhotos } from "#app/server/leads/job-photos.server.ts";
import { getReplySection, sendLeadReply } from "#app/server/leads/replies.server.ts";
import { listTemplates, removeReplyTemplate, saveReplyTemplate } from "#app/server/leads/reply-templates.server.ts";
import { estimateAction, type EstimatePost } from "#app/server/leads/estimate/action.server.ts";
import { describeReminder, getReminderSettings, saveReminderSettings } from "#app/server/leads/unanswered/settings.server.ts";
import { getFirstAnswers } from "#app/server/leads/unanswered/first-answers.server.ts";

type LeadsDeps = Pick<
  BackendBase,
  "config" | "database" | "logger" | "secret" | "formTokens" | "outbox" | "push" | "blobStore" | "disk" | "images" | "site" | "clock"
>;

export function createLeads(backend: LeadsDeps) {
  const photos = createJobPhotos(backend);
  return {
    ...createDesk(backend),
    leadPhotoViews: photos.leadPhotoViews,
    openLeadPhoto: photos.openLeadPhoto,
    startPhotoHousekeeping: photos.startHousekeeping,
    getReplySection: (section: { leadId: string; templateId: string | null }) => getReplySection({ backend, ...section }),
    sendLeadReply: (reply: { lead: Lead; adminId: string; subject: string | undefined; body: string | undefined }) =>
      sendLeadReply({ backend, ...reply }),
    listReplyTemplates: () => listTemplates({ backend }),
    saveReplyTemplate: (template: { id?: string; fields: Record<"name" | "subject" | "body", string> }) =>
      saveReplyTemplate({ backend, ...template }),
    removeReplyTemplate: ({ id }: { id: string | undefined }) => removeReplyTemplate({ backend, id }),
    /** How many business hours an unanswered request waits before the contractor is reminded (issue 29). */
    getReminderSettings: async () => {
      const settings = await getReminderSettings({ db: backend.database.db });
      return { ...settings, description: describeReminder(settings) };
    },
    saveReminderSettings: (form: { hours: string | null | undefined; adminId: string }) => saveReminderSettings(backend, form),
    /** The dashboard's "Time to first answer": the median of the last 30 days, and the requests waiting now. */
    getFirstAnswers: (at: { now?: Date } = {}) => getFirstAnswers(backend, at),
    /** The estimate form's post (`/`, `/contact`, the form script's resource route). */
    estimateAction: (post: EstimatePost) => estimateAction({ ...backend, photos }, post),
  };
}

export type Leads = ReturnType<typeof createLeads>;
