import { hash, verify } from "@node-rs/argon2";

// OWASP Password Storage Cheat Sheet: Argon2id, m=19 MiB, t=2, p=1 (SECURITY.md).
const ARGON2ID = 2;
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
