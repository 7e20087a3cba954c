import { createContext, type RouterContextProvider } from "react-router";
import type { Config } from "./env.server.ts";
import type { Logger } from "./logger.server.ts";
import type { Database } from "./db/index.server.ts";

/** Long-lived services the host builds once and hands to every request. */
export interface AppServices {
  config: Config;
  database: Database;
  logger: Logger;
}

/** Per-request values set by the host. */
export interface RequestInfo {
  /** CSP nonce for inline scripts rendered in this response. */
  nonce: string;
  requestId: string;
}

export const appContext = createContext<AppServices>();
export const requestContext = createContext<RequestInfo>({ nonce: "", requestId: "" });

export function getServices(context: Readonly<RouterContextProvider>): AppServices {
  return context.get(appContext);
}
