import { expect, test } from "vitest";
import { createNonce } from "~/server/http/security-headers.server";

test("Every nonce is 128 bits of base64 and none repeats, across many blocks of random bytes", () => {
  const nonces = Array.from({ length: 5_000 }, () => createNonce());
  for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  expect(new Set(nonces).size).toBe(nonces.length);
  // A wiped part of the block would come out as all zeros.
  expect(nonces).not.toContain(Buffer.alloc(16).toString("base64"));
});
