import { parseWithZod } from "@conform-to/zod/v4";
import { CHANGES_FAILURE } from "~/lib/console-failures";
import { retentionSettingsSchema } from "~/lib/schemas/retention";
import type { SessionUser } from "~/server/auth/actor.server";
import { getPlace } from "~/server/brand/locale.server";
import { nextOccurrence } from "~/server/db/leased-schedule.server";
import { getEnv } from "~/server/env.server";
import { formResult } from "~/server/http/form-result.server";
import { logger } from "~/server/logger.server";
import { listRetentionCandidates } from "~/server/models/privacy/retention.server";
import { getRetentionSettings, updateRetentionSettings } from "~/server/models/shared/settings.server";
import { lastRetentionRun, runRetention } from "~/server/privacy/retention-run.server";

// The Data retention page's server half (decision 0049).

/** The page lists at most this many records per kind; the counts are exact. */
const LIST_LIMIT = 200;

/** When the schedule runs next (null when RETENTION_SCHEDULE is "off"), in the agency's zone as it runs. */
function nextScheduledRun(now: number, timeZone: string): number | null {
  const pattern = getEnv().RETENTION_SCHEDULE;
  return pattern === "off" ? null : nextOccurrence(pattern, now, timeZone);
}

export async function retentionPageData(url: URL, now = Date.now()) {
  const nextRun = nextScheduledRun(now, (await getPlace()).timeZone);
  const settings = await getRetentionSettings();
  // The list as the next run will see it: what is due by then, with today's settings.
  const due = await listRetentionCandidates(nextRun ?? now, { settings, limit: LIST_LIMIT });
  return { settings, due, nextRun, lastRun: await lastRetentionRun(), confirmRun: url.searchParams.get("confirm") === "run" };
}

export async function saveRetention(user: SessionUser, formData: FormData) {
  const intent = "save-retention" as const;
  const submission = parseWithZod(formData, { schema: retentionSettingsSchema });
  if (submission.status !== "success") return formResult({ intent, status: "invalid", result: submission.reply() }, 400);
  try {
    const { applicationDays, leadDays, inboundMailDays } = submission.value;
    await updateRetentionSettings(user, { applicationDays, leadDays, inboundMailDays });
  } catch (error) {
    logger.error({ err: error }, "retention settings save failed");
    return formResult({ intent, status: "error", message: CHANGES_FAILURE, result: submission.reply() }, 500);
  }
  return formResult({ intent, status: "success", message: "Retention saved. The next run uses it." });
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export async function runRetentionNow(user: SessionUser) {
  const intent = "run-now" as const;
  const result = await runRetention({ actor: user });
  if (!result)
    return formResult(
      { intent, status: "error", message: "A retention run is under way on another instance. Try again in a few minutes." },
      409,
    );
  const { applications, leads, companies, files, inboundMails } = result;
  const failed = result.failed ? ` ${result.failed} could not be removed and stay due.` : "";
  return formResult({
    intent,
    status: "success",
    message: `Retention run finished: ${count(applications, "application")}, ${count(leads, "lead")} and ${count(companies, "company", "companies")} removed, with ${count(files, "file")}; ${count(inboundMails, "inbound mail original")} removed.${failed}`,
  });
}
