/**
 * The part of the server that Vite bundles together with the React Router
 * build (see vite.config.ts). The host (server/main.ts) loads it and passes in
 * the services it built, so route code and host share one set of context keys.
 */
import * as build from "virtual:react-router/server-build";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import {
  appContext,
  requestContext,
  type AppServices,
  type RequestInfo,
} from "../app/server/context.server.ts";

export type PageHandler = (request: Request, info: RequestInfo) => Promise<Response>;

export function createPageHandler(services: AppServices, mode: string): PageHandler {
  const handle = createRequestHandler(build as unknown as ServerBuild, mode);
  return (request, info) => {
    const context = new RouterContextProvider();
    context.set(appContext, services);
    context.set(requestContext, info);
    return handle(request, context);
  };
}
