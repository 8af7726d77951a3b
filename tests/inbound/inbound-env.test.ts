import { expect, test } from "vitest";
import { parseEnv } from "~/server/env.server";

// Decision 0096: the inbound settings are checked at boot like every other one.

const base = { AUTH_SECRET: "test-secret-0123456789-0123456789-abcdef" };

test("Boot accepts an inbound secret, a reply address and an authserv-id", () => {
  const env = parseEnv({
    ...base,
    INBOUND_MAIL_SECRET: "a".repeat(64),
    INBOUND_REPLY_ADDRESS: "reply@in.example.com",
    INBOUND_AUTHSERV_ID: "mx.in.example.com",
  });
  expect(env.INBOUND_MAIL_SECRET).toBe("a".repeat(64));
  expect(env.INBOUND_REPLY_ADDRESS).toBe("reply@in.example.com");
});

test("Boot refuses a short secret, a reply address that is not one, and a local part the token would push past 64 characters", () => {
  expect(() => parseEnv({ ...base, INBOUND_MAIL_SECRET: "short" })).toThrow(
    /INBOUND_MAIL_SECRET: must be 32 to 512 visible ASCII characters/,
  );
  expect(() => parseEnv({ ...base, INBOUND_REPLY_ADDRESS: "not-an-address" })).toThrow(/INBOUND_REPLY_ADDRESS: must be an e-mail address/);
  expect(() => parseEnv({ ...base, INBOUND_REPLY_ADDRESS: "customer-replies@in.example.com" })).toThrow(
    /INBOUND_REPLY_ADDRESS: must have a local part of 1 to 15 characters/,
  );
  expect(() => parseEnv({ ...base, INBOUND_REPLY_ADDRESS: "reply+x@in.example.com" })).toThrow(/INBOUND_REPLY_ADDRESS/);
});
