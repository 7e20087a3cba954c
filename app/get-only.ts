/** What an address that is only read (GET, HEAD) answers to a post: a 405 with `sentence`. */
export function getOnlyResponse(sentence: string): Response {
  return new Response(sentence, {
    status: 405,
    headers: { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
