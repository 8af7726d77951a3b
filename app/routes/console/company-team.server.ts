import { COMPANY_FAILURE } from "~/lib/console-failures";
import { isRefusal } from "~/lib/refusal";
import { accountManagerSchema, teamMemberSchema } from "~/lib/schemas/companies";
import type { SessionUser } from "~/server/auth/actor.server";
import { formResult } from "~/server/http/form-result.server";
import { refusalResult } from "~/server/http/refusal.server";
import { logger } from "~/server/logger.server";
import { addToTeam, removeFromTeam, setAccountManager } from "~/server/models/companies/company-team.server";
import type { CompanyScope } from "~/server/models/shared/company-scope.server";

// The company page's "Account team" forms (decision 0105): its account manager, and staff put on
// or taken off its team. Only staff who see every company change who sees which: a limited
// member could otherwise hand a colleague the companies they themselves were given.

export const TEAM_INTENTS = ["set-account-manager", "add-to-team", "remove-from-team"] as const;
export type TeamIntent = (typeof TEAM_INTENTS)[number];

export function isTeamIntent(intent: string): intent is TeamIntent {
  return (TEAM_INTENTS as readonly string[]).includes(intent);
}

const MESSAGES = {
  "set-account-manager": { changed: "The account manager is saved.", unchanged: "Nothing changed." },
  "add-to-team": { changed: "They are on the team now.", unchanged: "They were already on the team." },
  "remove-from-team": { changed: "They are off the team.", unchanged: "They were not on the team." },
} as const;

export async function teamAction(user: SessionUser, scope: CompanyScope, companyId: string, intent: TeamIntent, formData: FormData) {
  if (scope !== "all")
    throw new Response("Staff limited to their assigned companies do not change who is assigned.", {
      status: 403,
      statusText: "Limited to assigned companies",
    });
  const fields = Object.fromEntries(formData);
  try {
    let outcome: "changed" | "unchanged";
    if (intent === "set-account-manager") {
      const parsed = accountManagerSchema.safeParse(fields);
      if (!parsed.success) return formResult({ intent, status: "invalid", message: "Choose a staff member or nobody." }, 400);
      outcome = await setAccountManager(user, { companyId, userId: parsed.data.accountManager || null });
    } else {
      const parsed = teamMemberSchema.safeParse(fields);
      if (!parsed.success) return formResult({ intent, status: "invalid", message: parsed.error.issues[0]!.message }, 400);
      const change = { companyId, userId: parsed.data.userId };
      outcome = intent === "add-to-team" ? await addToTeam(user, change) : await removeFromTeam(user, change);
    }
    return formResult({ intent, status: outcome === "changed" ? "success" : "unchanged", message: MESSAGES[intent][outcome] });
  } catch (error) {
    if (isRefusal(error)) return refusalResult(error, { intent });
    logger.error({ err: error, intent }, "company team change failed");
    return formResult({ intent, status: "error", message: COMPANY_FAILURE }, 500);
  }
}
