// TEMPORARY minimal version (helper "roles"): helper "verify" owns this seam and replaces it at
// merge with a maintained list. Same export, same meaning.
const COMMON = new Set(["password1234", "123456789012", "qwertyuiopas", "passwordpassword", "letmein12345", "welcome12345"]);

/** The message if the password is too common, else null. */
export async function commonPasswordProblem(password: string): Promise<string | null> {
  return COMMON.has(password.toLowerCase()) ? "This password is too common. Choose one that is harder to guess." : null;
}
