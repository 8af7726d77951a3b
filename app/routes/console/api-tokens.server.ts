import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { FormResult } from "~/lib/form-result";
import { API_TOKEN_CREATE_FAILURE as CREATE_FAILURE, API_TOKEN_REVOKE_FAILURE as REVOKE_FAILURE } from "~/lib/console-failures";
import { isRefusal } from "~/lib/refusal";
import { newApiTokenSchema, revokeApiTokenSchema, scopesOf } from "~/lib/schemas/api-tokens";
import type { SessionUser } from "~/server/auth/actor.server";
import { formResult } from "~/server/http/form-result.server";
import { refusalResult } from "~/server/http/refusal.server";
import { logger } from "~/server/logger.server";
import { createApiToken, revokeApiToken } from "~/server/models/api/api-tokens.server";

// Console → Settings → API tokens, the actions' half (decision 0104).

/** A created token's answer: the secret travels in this one response and is never shown again. */
export type CreatedToken = FormResult<"create"> & { token?: string; tokenName?: string };

export async function createToken(user: SessionUser, formData: FormData) {
  const submission = parseWithZod(formData, { schema: newApiTokenSchema });
  if (submission.status !== "success") return formResult({ intent: "create" as const, status: "invalid", result: submission.reply() }, 400);
  const { name, lifetime } = submission.value;
  try {
    const { token, view } = await createApiToken(user, { name, scopes: scopesOf(submission.value), lifetimeDays: lifetime });
    const body: CreatedToken = {
      intent: "create",
      status: "success",
      message: `Token “${view.name}” created. Copy it now: it is not shown again.`,
      result: submission.reply({ resetForm: true }),
      token,
      tokenName: view.name,
    };
    return data(body, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (isRefusal(error)) return refusalResult(error, { intent: "create", submission });
    logger.error({ err: error }, "api token create failed");
    return formResult({ intent: "create" as const, status: "error", message: CREATE_FAILURE, result: submission.reply() }, 500);
  }
}

export async function revokeToken(user: SessionUser, formData: FormData) {
  const submission = parseWithZod(formData, { schema: revokeApiTokenSchema });
  if (submission.status !== "success") return formResult({ intent: "revoke" as const, status: "error", message: "Choose a token." }, 400);
  const { id } = submission.value;
  try {
    const outcome = await revokeApiToken(user, id);
    const message = outcome === "revoked" ? "Token revoked: it opens nothing from now on." : "This token was already revoked.";
    return formResult({ intent: "revoke" as const, status: outcome === "revoked" ? "success" : "unchanged", message, targetId: id });
  } catch (error) {
    if (isRefusal(error)) return refusalResult(error, { intent: "revoke", targetId: id });
    logger.error({ err: error }, "api token revoke failed");
    return formResult({ intent: "revoke" as const, status: "error", message: REVOKE_FAILURE, targetId: id }, 500);
  }
}
