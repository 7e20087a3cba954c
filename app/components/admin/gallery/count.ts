/** "1 photo", "3 photos": the gallery admin's counts. */
export function count(n: number, one: string, many: string): string {
  return n === 1 ? `1 ${one}` : `${n} ${many}`;
}
