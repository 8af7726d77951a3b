import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "react-router";
import { confirmTotpSchema, twoFactorPasswordSchema, TWO_FACTOR_MESSAGES } from "~/lib/schemas/two-factor";
import { manualKey, TWO_FACTOR_SETUP_PATH, type TwoFactorResult } from "~/lib/two-factor";
import type { SessionUser } from "~/server/auth/actor.server";
import { qrPath } from "~/server/auth/qr-code.server";
import {
  confirmEnrolment,
  disableSecondFactor,
  hasPassword,
  hasSecondFactor,
  regenerateRecoveryCodes,
  staffSecondFactorRequired,
  startEnrolment,
  takeNewRecoveryCodes,
  type Failure,
} from "~/server/auth/second-factor.server";
import { requireUser } from "~/server/auth/session.server";
import { readForm } from "~/server/http/form-data.server";
import { requireIntent } from "~/server/http/form-result.server";

// /account/two-factor (decision 0029): enrolment, new recovery codes and turning it off,
// for clients and staff alike. Reachable by any signed-in user, so that staff held back by
// STAFF_2FA=required (session.server.ts) can enrol here.

const INTENTS = ["start", "confirm", "regenerate", "disable"] as const;

function mustKeep(user: SessionUser): boolean {
  return user.role === "employee" && staffSecondFactorRequired();
}

/** ?done= codes the actions redirect with (after Better Auth replaced the session). */
const DONE = { on: "Two-factor sign-in is on.", off: "Two-factor sign-in is off." } as const;

export async function accountTwoFactorLoader(request: Request) {
  const user = await requireUser(request);
  const [enabled, password] = await Promise.all([hasSecondFactor(user.id), hasPassword(user.id)]);
  const done = new URL(request.url).searchParams.get("done");
  return {
    enabled,
    // Shown once: the marker is spent by this read (second-factor.server.ts).
    newRecoveryCodes: done === "on" && enabled ? await takeNewRecoveryCodes(user.id) : null,
    notice: done === "on" || done === "off" ? DONE[done] : null,
    hasPassword: password,
    required: mustKeep(user),
    role: user.role,
    /** Where "Continue" and "Back" go: the console's My account, or the portal's Settings. */
    backTo: user.role === "employee" ? "/employee-dashboard/account" : "/user-dashboard/settings",
  };
}

function answer(body: TwoFactorResult, status = 200, headers?: Headers) {
  return data<TwoFactorResult>(body, { status, headers });
}

function refused(
  intent: TwoFactorResult["intent"],
  failure: Failure,
  result: SubmissionResult<string[]>,
  enrolment?: TwoFactorResult["enrolment"],
) {
  return answer({ intent, status: "error", message: failure.message, result, enrolment }, failure.status);
}

function enrolmentFor(uri: string): TwoFactorResult["enrolment"] {
  return { uri, key: manualKey(uri), qr: qrPath(uri) };
}

export async function accountTwoFactorAction(request: Request, clientIp: string) {
  const user = await requireUser(request);
  const formData = await readForm(request);
  const intent = requireIntent(formData, INTENTS);
  const enabled = await hasSecondFactor(user.id);

  if (intent === "confirm") {
    const submission = parseWithZod(formData, { schema: confirmTotpSchema });
    if (submission.status !== "success") return answer({ intent, status: "invalid", result: submission.reply() }, 400);
    // The URI only redraws the key after a typo; the code is checked against the stored secret.
    const enrolment = enrolmentFor(submission.value.uri);
    if (enabled) return refused(intent, { ok: false, status: 409, message: "Two-factor sign-in is already on." }, submission.reply());
    const outcome = await confirmEnrolment(request, user.id, submission.value.code, clientIp);
    if (!outcome.ok) return refused(intent, outcome, submission.reply({ hideFields: ["code"] }), enrolment);
    throw redirect(`${TWO_FACTOR_SETUP_PATH}?done=on`, { headers: outcome.headers });
  }

  const submission = parseWithZod(formData, { schema: twoFactorPasswordSchema });
  if (submission.status !== "success") return answer({ intent, status: "invalid", result: submission.reply() }, 400);
  const { password } = submission.value;
  if (!password && (await hasPassword(user.id))) {
    return answer(
      { intent, status: "invalid", result: submission.reply({ fieldErrors: { password: ["Enter your password to confirm."] } }) },
      400,
    );
  }
  const reply = submission.reply({ hideFields: ["password"] });

  if (intent === "start") {
    if (enabled) return refused(intent, { ok: false, status: 409, message: "Two-factor sign-in is already on." }, reply);
    const outcome = await startEnrolment(request, password);
    if (!outcome.ok) return refused(intent, outcome, reply);
    return answer({ intent, status: "success", result: reply, enrolment: enrolmentFor(outcome.uri) });
  }
  if (!enabled) return refused(intent, { ok: false, status: 409, message: "Two-factor sign-in is off." }, reply);
  if (intent === "regenerate") {
    const outcome = await regenerateRecoveryCodes(request, password);
    if (!outcome.ok) return refused(intent, outcome, reply);
    return answer({
      intent,
      status: "success",
      message: "New recovery codes made; the old ones no longer work.",
      recoveryCodes: outcome.recoveryCodes,
    });
  }
  if (mustKeep(user)) return refused(intent, { ok: false, status: 403, message: TWO_FACTOR_MESSAGES.staffRequired }, reply);
  const outcome = await disableSecondFactor(request, password);
  if (!outcome.ok) return refused(intent, outcome, reply);
  throw redirect(`${TWO_FACTOR_SETUP_PATH}?done=off`, { headers: outcome.headers });
}
