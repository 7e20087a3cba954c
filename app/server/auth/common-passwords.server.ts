/**
 * A short list of passwords that appear at the top of every leaked-password list, plus a few
 * a Houston contractor's customers might pick. Only entries of 8 characters or more matter,
 * since shorter passwords are refused anyway. Compared case-insensitively.
 */
const COMMON_PASSWORDS = new Set(
  [
    "password", "password1", "password12", "password123", "password1234", "passw0rd", "p@ssw0rd",
    "p@ssword", "pa$$word", "12345678", "123456789", "1234567890", "12341234", "11111111",
    "00000000", "87654321", "88888888", "12121212", "11223344", "123123123", "987654321",
    "qwertyui", "qwerty12", "qwerty123", "qwerty1234", "qwertyuiop", "1q2w3e4r", "1q2w3e4r5t",
    "1qaz2wsx", "zaq12wsx", "asdfghjk", "asdfasdf", "asdf1234", "zxcvbnm1", "abc12345",
    "abcd1234", "aa123456", "a1234567", "iloveyou", "iloveyou1", "sunshine", "princess",
    "football", "baseball", "basketball", "superman", "batman123", "starwars", "whatever",
    "trustno1", "welcome1", "welcome123", "letmein1", "letmein123", "changeme", "changeme1",
    "computer", "internet", "michelle", "jennifer", "jordan23", "charlie1", "dragon12",
    "monkey123", "shadow12", "master12", "mustang1", "access14", "freedom1", "qazwsxedc",
    "admin123", "admin1234", "administrator", "rootroot", "test1234", "testtest", "guest123",
    "houston1", "houston713", "texas123", "rockets1", "astros22", "texans12", "remodeling",
    "remodel1", "contractor", "homeowner", "bathroom", "kitchen1",
  ],
);

export function isCommonPassword(password: string, context: { email?: string; name?: string } = {}): boolean {
  const lowered = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lowered)) return true;
  // The account's own email (or its name part) is the first thing anyone would guess.
  const email = context.email?.toLowerCase();
  if (email && (lowered === email || lowered === email.split("@")[0])) return true;
  const name = context.name?.toLowerCase().replace(/\s+/g, "");
  return Boolean(name && name.length >= 8 && lowered.replace(/\s+/g, "") === name);
}

export const COMMON_PASSWORD_MESSAGE =
  "This password is too common and easy to guess. Please choose another, for example three unrelated words.";
