import { randomBytes } from "node:crypto";

export interface CspOptions {
  /** A nonce allowing this response's inline scripts, or hashes for a cached page. */
  scriptSources: string[];
  /** The same for inline styles (the site's stylesheet is inlined in every page). */
  styleSources?: string[];
  isHttps: boolean;
  isDevelopment: boolean;
  /** The origin of PUBLIC_MEDIA_URL, when photos are served from a bucket or CDN. */
  mediaOrigin?: string | null;
}

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

export function contentSecurityPolicy({ scriptSources, styleSources = [], isHttps, isDevelopment, mediaOrigin }: CspOptions): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...scriptSources],
    // Vite injects styles and uses a websocket while developing; production uses files only.
    "style-src": isDevelopment ? ["'self'", "'unsafe-inline'"] : ["'self'", ...styleSources],
    "img-src": ["'self'", "data:", "blob:", ...(mediaOrigin ? [mediaOrigin] : [])],
    "font-src": ["'self'"],
    "connect-src": isDevelopment ? ["'self'", "ws:", "wss:"] : ["'self'"],
    "form-action": ["'self'"],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "frame-ancestors": ["'none'"],
  };
  const policy = Object.entries(directives).map(([name, values]) => `${name} ${values.join(" ")}`);
  if (isHttps) policy.push("upgrade-insecure-requests");
  return policy.join("; ");
}

/** Headers that go on every response, whatever produced it. */
export function baseSecurityHeaders(isHttps: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
  };
  if (isHttps) headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  return headers;
}
