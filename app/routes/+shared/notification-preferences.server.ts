import { parseWithZod } from "@conform-to/zod/v4";
import { MAIL_PREFERENCES_FAILURE, notificationTypesFor } from "~/lib/mail-preferences";
import { timeZoneNames } from "~/lib/time-zones";
import { NOTIFICATION_LABELS } from "~/lib/notification-types";
import { mailPreferencesSchema } from "~/lib/schemas/notification-preferences";
import type { SessionUser } from "~/server/auth/actor.server";
import { readForm } from "~/server/http/form-data.server";
import { formResult, requireIntent } from "~/server/http/form-result.server";
import { logger } from "~/server/logger.server";
import { audienceOf, getMailPreferences, saveMailPreferences } from "~/server/models/notifications/preferences.server";

// The server half of the two e-mail preferences pages (portal and console); each
// route guards first, then hands its user here.

export async function mailPreferencesPage(user: SessionUser) {
  const audience = audienceOf(user.role);
  return {
    audience,
    types: notificationTypesFor(audience).map((type) => ({ type, label: NOTIFICATION_LABELS[type] })),
    preferences: await getMailPreferences(user),
    // From the server, so the page's list matches the one the action checks against.
    timeZones: timeZoneNames(),
  };
}

export async function saveMailPreferencesForm(request: Request, user: SessionUser) {
  const formData = await readForm(request);
  const intent = requireIntent(formData, ["save-preferences"]);
  const submission = parseWithZod(formData, { schema: mailPreferencesSchema(audienceOf(user.role)) });
  if (submission.status !== "success") {
    return formResult(
      { intent, status: "invalid", message: "Your preferences were not saved: check the fields marked below.", result: submission.reply() },
      400,
    );
  }
  try {
    await saveMailPreferences(user, submission.value);
  } catch (error) {
    logger.error({ err: error }, "saving e-mail preferences failed");
    return formResult({ intent, status: "error", message: MAIL_PREFERENCES_FAILURE }, 500);
  }
  return formResult({ intent, status: "success", message: "Your e-mail preferences are saved." });
}
