import { PassThrough } from "node:stream";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter, isRouteErrorResponse } from "react-router";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { backendContext, requestContext } from "#app/server/context.server.ts";
import { PAGE_CACHE_HEADER, isPageCacheable } from "#app/page-cache.ts";
import { NonceContext } from "#app/nonce.tsx";
import { holdScriptsUntilLoad } from "#app/hold-scripts.server.ts";

export const streamTimeout = 5_000;

/** Errors from loaders, actions and rendering go to the structured log, once. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // A refused request (bad origin, unknown action) is the client's doing: one short line, no stack.
  const isRefusal =
    (isRouteErrorResponse(error) && error.status < 500) ||
    // React Router's own cross-site form post check, answered 400.
    (error instanceof Error && error.message.includes("origin does not match"));
  if (isRefusal) {
    try {
      context.get(backendContext).logger.warn("request refused", {
        status: isRouteErrorResponse(error) ? error.status : 400,
        reason: error instanceof Error ? error.message : undefined,
        method: request.method,
        path: new URL(request.url).pathname,
        requestId: context.get(requestContext).requestId,
      });
    } catch {
      // No services (should not happen): stay quiet rather than crash.
    }
    return;
  }
  const fields = {
    error,
    method: request.method,
    path: new URL(request.url).pathname,
    requestId: context.get(requestContext).requestId,
  };
  try {
    context.get(backendContext).logger.error("request failed", fields);
  } catch {
    console.error(error);
  }
};

/**
 * A lock held past a request's bound reaches React Router as a route error response (503), which
 * handleError does not see: one warning line per page that could not be served for it.
 */
function logBusyErrors(routerContext: EntryContext, loadContext: RouterContextProvider, request: Request, requestId: string) {
  const errors = Object.values(routerContext.staticHandlerContext.errors ?? {});
  const busy = errors.find((error) => (error as { code?: unknown } | null)?.code === "DATABASE_BUSY");
  if (!busy) return;
  loadContext.get(backendContext).logger.warn("page not served: the database is busy", {
    method: request.method,
    path: new URL(request.url).pathname,
    requestId,
    waitedMs: (busy as { waitedMs?: unknown }).waitedMs,
  });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce, requestId } = loadContext.get(requestContext);
  logBusyErrors(routerContext, loadContext, request, requestId);

  // Tell the host this document may be served from its page cache: every
  // matched route opted in and nothing in it depends on who is asking.
  const matches = routerContext.staticHandlerContext.matches;
  if (responseStatusCode === 200 && isPageCacheable(matches.map((m) => routerContext.routeModules[m.route.id]?.handle))) {
    responseHeaders.set(PAGE_CACHE_HEADER, "public");
  }

  if (request.method.toUpperCase() === "HEAD") {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          const rewrite = holdScriptsUntilLoad();
          rewrite.on("error", (error) => body.destroy(error));
          rewrite.pipe(body);
          pipe(rewrite);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) {
            try {
              loadContext.get(backendContext).logger.error("streaming render failed", { error });
            } catch {
              console.error(error);
            }
          }
        },
      },
    );
  });
}
