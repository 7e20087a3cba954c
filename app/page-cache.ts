/**
 * Pages whose HTML is the same for every visitor may be rendered once and
 * served from the host's memory. A route opts in with
 * `export const handle = { pageCache: true }`; a document is cached only when
 * every matched route opted in.
 */
export const PAGE_CACHE_HEADER = "x-page-cache";

interface PageCacheHandle {
  pageCache?: boolean;
}

export function isPageCacheable(handles: unknown[]): boolean {
  return handles.length > 0 && handles.every((h) => typeof h === "object" && h !== null && (h as PageCacheHandle).pageCache === true);
}
