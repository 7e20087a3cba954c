/**
 * Password hashing with argon2id (Node's built-in `crypto.argon2`).
 *
 * Parameters follow OWASP ASVS 5 / the OWASP password storage cheat sheet's first argon2id
 * option: 19 MiB of memory, 2 passes, 1 lane, a 16-byte random salt and a 32-byte tag. Hashes
 * are stored as PHC strings, so stronger parameters can be adopted later: `needsRehash` tells
 * the caller when a stored hash was made with other ones.
 */
import { argon2, randomBytes, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";

const argon2Async = promisify(argon2);

export const ARGON2_PARAMS = { memory: 19_456, passes: 2, parallelism: 1, tagLength: 32 } as const;
const SALT_BYTES = 16;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const tag = await argon2Async("argon2id", { message: password, nonce: salt, ...ARGON2_PARAMS });
  const { memory, passes, parallelism } = ARGON2_PARAMS;
  return `$argon2id$v=19$m=${memory},t=${passes},p=${parallelism}$${b64(salt)}$${b64(tag)}`;
}

interface ParsedHash {
  memory: number;
  passes: number;
  parallelism: number;
  salt: Buffer;
  tag: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(stored);
  if (!match) return null;
  const [, m, t, p, salt, tag] = match;
  return {
    memory: Number(m),
    passes: Number(t),
    parallelism: Number(p),
    salt: Buffer.from(salt!, "base64"),
    tag: Buffer.from(tag!, "base64"),
  };
}

/** True when `password` matches `stored`. A malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed || parsed.tag.length < 16) return false;
  const tag = await argon2Async("argon2id", {
    message: password,
    nonce: parsed.salt,
    memory: parsed.memory,
    passes: parsed.passes,
    parallelism: parsed.parallelism,
    tagLength: parsed.tag.length,
  });
  return timingSafeEqual(tag, parsed.tag);
}

export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  return (
    !parsed ||
    parsed.memory !== ARGON2_PARAMS.memory ||
    parsed.passes !== ARGON2_PARAMS.passes ||
    parsed.parallelism !== ARGON2_PARAMS.parallelism ||
    parsed.tag.length !== ARGON2_PARAMS.tagLength
  );
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as checking a real password. Called when the email is unknown, so the
 * answer's timing does not tell whether an account exists.
 */
export async function verifyDummyPassword(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(12).toString("base64"));
  await verifyPassword(password, await dummyHash);
  return false;
}

function b64(bytes: Buffer): string {
  return bytes.toString("base64").replace(/=+$/, "");
}
