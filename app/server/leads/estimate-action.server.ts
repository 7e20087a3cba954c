/**
 * The estimate form's action as the routes call it (`/`, `/contact` and the form script's
 * resource route): the request's own facts are read here, inside the server bundle, where the
 * context keys are; the host-built `leads` does the rest (estimate/action.server.ts).
 */
import type { RouterContextProvider } from "react-router";
import { getUser } from "#app/server/auth/session.server.ts";
import { backendContext, requestContext } from "#app/server/context.server.ts";
import { localeOf } from "#app/i18n/locale.ts";
import { localePath } from "#app/i18n/paths.ts";

// The host sizes bodies with MAX_FORM_BYTES; the pages pass on Retry-After with estimateHeaders.
export { MAX_FORM_BYTES, estimateHeaders } from "#app/server/leads/estimate/answers.server.ts";

export function estimateAction({
  request,
  context,
  source,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  /** The form's page by its English path ("/", "/contact"), or the page the script named (either language). */
  source: string;
}) {
  const { clientIp, requestId } = context.get(requestContext);
  // A plain post to /es/contacto comes from the Spanish page: the lead's source says so (its
  // language is read from it), and the answer is in Spanish.
  const page = localePath(localeOf(new URL(request.url).pathname), source);
  return context
    .get(backendContext)
    .leads.estimateAction({ request, source: page, clientIp, requestId, account: () => getUser(request, context) });
}
