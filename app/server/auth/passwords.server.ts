import type * as Argon2 from "@node-rs/argon2";

// OWASP Password Storage Cheat Sheet: Argon2id, m=19 MiB, t=2, p=1 (docs/security.md "Passwords").
const ARGON2ID = 2;
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

let argon2: Promise<typeof Argon2> | undefined;

/**
 * @node-rs/argon2 allocates each hash's 19 MiB with its own mimalloc, which by default keeps freed
 * memory of every thread pool thread resident: four sign-ins at once left ~150 MB held for good.
 * mimalloc reads its options when the addon loads, so it is loaded here, on first use, with freed
 * memory handed back to the system at once (docs/decisions/0023).
 */
function loadArgon2() {
  if (!argon2) {
    process.env.MIMALLOC_PURGE_DELAY ??= "0";
    argon2 = import("@node-rs/argon2");
  }
  return argon2;
}

export async function hashPassword(password: string): Promise<string> {
  return (await loadArgon2()).hash(password, options);
}

export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }): Promise<boolean> {
  try {
    return await (await loadArgon2()).verify(stored, password);
  } catch {
    return false;
  }
}
