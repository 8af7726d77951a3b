import type * as BetterAuthApi from "better-auth/api";
import { CONFIRMATION_MESSAGES } from "~/lib/schemas/identity-confirmation";
import { TWO_FACTOR_MESSAGES } from "~/lib/schemas/two-factor";
import { db } from "~/server/db/db.server";
import { logger } from "~/server/logger.server";
import { queuePasskeyAddedMail } from "./auth-mail.server";
import { confirmedUntil } from "./confirmation-mark.server";
import { claimTotpStep, totpStepOf } from "./totp-replay.server";

// Decision 0053: rules Better Auth's own endpoints must keep whoever calls them (our routes call
// them server-side; a hook also holds for any future caller). Built from better-auth/api, which
// auth.server.ts loads on first use like the rest of Better Auth.

type Api = typeof BetterAuthApi;
type EndpointContext = Parameters<Api["getSessionFromCtx"]>[0];

const PASSKEY_REGISTRATION = new Set(["/passkey/generate-register-options", "/passkey/verify-registration"]);
const VERIFY_TOTP = "/two-factor/verify-totp";
/** The twoFactor plugin's endpoints that replace the request's session with a new one. */
const SESSION_REPLACING = new Set([VERIFY_TOTP, "/two-factor/enable", "/two-factor/disable"]);
const TWO_FACTOR_COOKIE = "two_factor";

export function authHooks(api: Api) {
  /** The account a TOTP code is for: the session's user, else the sign-in challenge's. */
  async function totpAccount(ctx: EndpointContext): Promise<string | null> {
    const session = await api.getSessionFromCtx(ctx, { disableRefresh: true });
    if (session) return session.user.id;
    const challenge = await ctx.getSignedCookie(ctx.context.createAuthCookie(TWO_FACTOR_COOKIE).name, ctx.context.secret);
    if (!challenge) return null;
    return (await ctx.context.internalAdapter.findVerificationValue(challenge))?.value ?? null;
  }

  /** A right code whose time-step was already used (or an older one) is refused: one code, one use. */
  async function refuseReplayedTotp(ctx: EndpointContext): Promise<void> {
    const code = (ctx.body as { code?: unknown } | undefined)?.code;
    if (typeof code !== "string") return;
    const userId = await totpAccount(ctx);
    if (!userId) return; // the plugin refuses it itself
    const row = await db().selectFrom("twoFactors").select("secret").where("userId", "=", userId).executeTakeFirst();
    if (!row) return;
    const { symmetricDecrypt } = await import("better-auth/crypto");
    // Our secrets are always the plugin's own (never imported "base32:" ones).
    const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret });
    const step = totpStepOf(secret, code);
    if (step === null) return; // a wrong code: the plugin refuses and counts it
    if (!(await claimTotpStep(userId, step))) {
      throw api.APIError.from("UNAUTHORIZED", { code: "TOTP_CODE_ALREADY_USED", message: TWO_FACTOR_MESSAGES.codeUsed });
    }
  }

  /** A session alone never adds a passkey: the session must have confirmed its user a moment ago. */
  async function requireConfirmation(ctx: EndpointContext): Promise<void> {
    const session = await api.getSessionFromCtx(ctx, { disableRefresh: true });
    if (!session) return; // the plugin's own middleware answers 401
    if (!(await confirmedUntil(session.session.id))) {
      throw api.APIError.from("FORBIDDEN", { code: "CONFIRMATION_REQUIRED", message: CONFIRMATION_MESSAGES.required });
    }
  }

  /** Tells the owner a passkey was added, through the outbox (their mailbox may be their only alarm). */
  async function announcePasskey(ctx: EndpointContext): Promise<void> {
    // What the endpoint answered: the stored passkey, or the APIError it threw.
    const returned = (ctx.context as { returned?: unknown }).returned;
    if (!returned || returned instanceof Error) return;
    const session = await api.getSessionFromCtx(ctx, { disableRefresh: true });
    if (!session || !returned || returned instanceof Error || typeof returned !== "object" || !("credentialID" in returned)) return;
    const passkey = returned as unknown as { id: string; name?: string | null };
    await queuePasskeyAddedMail(session.user, passkey).catch((error: unknown) =>
      logger.error({ err: error, userId: session.user.id }, "passkey-added mail not queued"),
    );
  }

  return {
    before: api.createAuthMiddleware(async (ctx) => {
      if (ctx.path === VERIFY_TOTP) await refuseReplayedTotp(ctx);
      if (PASSKEY_REGISTRATION.has(ctx.path)) await requireConfirmation(ctx);
    }),
    after: api.createAuthMiddleware(async (ctx) => {
      if (ctx.path === "/passkey/verify-registration") await announcePasskey(ctx);
    }),
    /**
     * For the session.create hook: when the twoFactor plugin replaces the request's session (turning
     * two-factor on or off), the new one keeps the old one's start, from which its absolute
     * lifetime (session.server.ts) and Better Auth's freshness are measured.
     */
    async replacedSessionStart(ctx: EndpointContext | null | undefined, userId: string): Promise<Date | null> {
      if (!ctx?.path || !SESSION_REPLACING.has(ctx.path)) return null;
      const current = await api.getSessionFromCtx(ctx, { disableRefresh: true });
      return current && current.user.id === userId ? new Date(current.session.createdAt) : null;
    },
  };
}
