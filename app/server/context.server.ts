import { createContext, type RouterContextProvider } from "react-router";
import type { Config } from "./env.server.ts";
import type { Logger } from "./logger.server.ts";
import type { Database } from "./db/index.server.ts";
import type { SlidingWindowLimiter } from "./leads/rate-limit.server.ts";
import type { OidcClient } from "./auth/oidc.server.ts";
import type { BlobStore } from "./storage/blob-store.server.ts";

/** Long-lived services the host builds once and hands to every request. */
export interface AppServices {
  config: Config;
  database: Database;
  logger: Logger;
  /** The site's signing key (see secrets.server.ts). */
  secret: string;
  /** Estimate requests per client IP. */
  leadLimiter: SlidingWindowLimiter;
  /** The email outbox: `kick()` asks it to look for due jobs now. */
  outbox: { kick(): void };
  /** "Continue with Google", when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set; else null. */
  google: OidcClient | null;
  /** Where photos are stored (STORAGE): the local disk or an S3 bucket. */
  blobStore: BlobStore;
  /** The browser's address of a stored file: PUBLIC_MEDIA_URL, else /media. */
  mediaUrl: (key: string) => string;
  /** Drops rendered public pages from this process's page cache (after the gallery changed). */
  invalidatePages: () => void;
}

/** Per-request values set by the host. */
export interface RequestInfo {
  /** CSP nonce for inline scripts rendered in this response. */
  nonce: string;
  requestId: string;
  /** The client's address (behind TRUST_PROXY proxies, the forwarded one). */
  clientIp: string;
}

export const appContext = createContext<AppServices>();
export const requestContext = createContext<RequestInfo>({ nonce: "", requestId: "", clientIp: "" });

export function getServices(context: Readonly<RouterContextProvider>): AppServices {
  return context.get(appContext);
}
