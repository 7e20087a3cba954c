/**
 * The estimate form's action as the routes call it (`/`, `/contact` and the form script's
 * resource route): the request's own facts are read here, inside the server bundle, where the
 * context keys are; the host-built `leads` does the rest (estimate/action.server.ts).
 */
import type { RouterContextProvider } from "react-router";
import { getUser } from "#app/server/auth/session.server.ts";
import { backendContext, requestContext } from "#app/server/context.server.ts";

// The host sizes bodies with MAX_FORM_BYTES; the pages pass on Retry-After with estimateHeaders.
export { MAX_FORM_BYTES, estimateHeaders } from "#app/server/leads/estimate/answers.server.ts";

export function estimateAction({
  request,
  context,
  source,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  source: string;
}) {
  const { clientIp, requestId } = context.get(requestContext);
  return context
    .get(backendContext)
    .leads.estimateAction({ request, source, clientIp, requestId, account: () => getUser(request, context) });
}
