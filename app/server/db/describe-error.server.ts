/** A one-line description of an error, including AggregateError (IPv4+IPv6 connect failures). */
export function describeError(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) {
    const inner = [...new Set(error.errors.map((each: unknown) => describeError(each)))];
    return error.message ? `${error.message} (${inner.join("; ")})` : inner.join("; ");
  }
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    if (error.message) return error.message;
    return typeof code === "string" ? code : error.name;
  }
  return String(error);
}
