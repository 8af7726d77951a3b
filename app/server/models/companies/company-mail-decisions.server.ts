import { Refusal } from "~/lib/refusal";
import type { Actor } from "~/server/auth/actor.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { recordAudit } from "../shared/audit.server";

// "Clients may decide approvals from e-mail" (decision 0099): on for every company unless staff turn
// it off (a sensitive company). Off, request mails carry no links and the links already sent are
// refused when used (approval-mail-links.server.ts reads this column at each use).

export async function setMailDecisions(
  actor: Actor,
  { companyId, allowed }: { companyId: string; allowed: boolean },
  now = Date.now(),
): Promise<"changed" | "unchanged"> {
  return writeTransaction(async (trx) => {
    const company = await trx.selectFrom("companies").select(["name", "mailDecisions"]).where("id", "=", companyId).executeTakeFirst();
    if (!company) throw new Refusal("not-found", "No company with this id.");
    if ((Number(company.mailDecisions) === 1) === allowed) return "unchanged";
    await trx
      .updateTable("companies")
      .set({ mailDecisions: allowed ? 1 : 0, updatedAt: now })
      .where("id", "=", companyId)
      .execute();
    await recordAudit(
      trx,
      actor,
      { action: "company.mail-decisions", entity: "company", entityId: companyId, detail: { name: company.name, allowed } },
      now,
    );
    return "changed";
  });
}
