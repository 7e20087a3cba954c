/**
 * The part of the server that Vite bundles together with the React Router
 * build (see vite.config.ts). The host (server/main.ts) loads it and passes in
 * the services it built, so route code and host share one set of context keys.
 */
import * as build from "virtual:react-router/server-build";
import { createRequestHandler, matchRoutes, RouterContextProvider, type RouteObject, type ServerBuild } from "react-router";
import { backendContext, requestContext, type Backend, type RequestInfo } from "#app/server/context.server.ts";
import { BUSY_RETRY_AFTER_SECONDS } from "#app/server/db/busy.server.ts";

export interface PageHandler {
  (request: Request, info: RequestInfo): Promise<Response>;
  /**
   * The methods a URL takes, for 405's Allow header: GET and HEAD everywhere, POST where the
   * route a form post would reach has an action (an index route only with `?index`, as React
   * Router decides).
   */
  allowedMethods(pathname: string, search: string): string[];
}

export function createPageHandler(backend: Backend, mode: string): PageHandler {
  const serverBuild = build as unknown as ServerBuild;
  const handle = createRequestHandler(serverBuild, mode);
  const routes = routeTree(serverBuild);
  const handler = async (request: Request, info: RequestInfo) => {
    const context = new RouterContextProvider();
    context.set(backendContext, backend);
    context.set(requestContext, info);
    const response = await handle(request, context);
    // A lock held past a request's bound (ADR 043) becomes a 503 wherever it was met, without
    // headers of its own: say when to come back.
    if (response.status === 503 && !response.headers.has("Retry-After")) {
      response.headers.set("Retry-After", String(BUSY_RETRY_AFTER_SECONDS));
    }
    return response;
  };
  return Object.assign(handler, {
    allowedMethods(pathname: string, search: string): string[] {
      return actionTarget(routes, pathname, search)?.hasAction ? ["GET", "HEAD", "POST"] : ["GET", "HEAD"];
    },
  });
}

type MatchRoute = RouteObject & { hasAction: boolean };

/** The build's flat route list as the nested tree matchRoutes takes. */
function routeTree(serverBuild: ServerBuild): MatchRoute[] {
  type BuildRoute = NonNullable<ServerBuild["routes"][string]>;
  const byParent = new Map<string | undefined, BuildRoute[]>();
  for (const route of Object.values(serverBuild.routes)) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(route);
    byParent.set(route.parentId, siblings);
  }
  const children = (parentId: string | undefined): MatchRoute[] =>
    (byParent.get(parentId) ?? []).map((route) => {
      const hasAction = typeof route.module.action === "function";
      return route.index
        ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive, hasAction }
        : {
            id: route.id,
            path: route.path,
            caseSensitive: route.caseSensitive,
            hasAction,
            children: children(route.id),
          };
    });
  return children(undefined);
}

/** The route a POST to this URL reaches: the deepest match, or its parent when an index route is matched without `?index`. */
function actionTarget(routes: MatchRoute[], pathname: string, search: string): MatchRoute | undefined {
  // Client-side posts go to "<path>.data", and to "<path>_.data" for a path ending in "/" ("/_.data" for "/").
  let path = pathname;
  if (path.endsWith("/_.data")) path = path.slice(0, -"_.data".length);
  else if (path.endsWith(".data")) path = path.slice(0, -".data".length);
  const matches = matchRoutes(routes, path);
  if (!matches || matches.length === 0) return undefined;
  const last = matches.at(-1)!.route as MatchRoute;
  if (last.index && !new URLSearchParams(search).getAll("index").some((value) => value === "")) {
    return matches.at(-2)?.route as MatchRoute | undefined;
  }
  return last;
}
