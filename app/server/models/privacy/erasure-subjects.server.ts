import { db } from "~/server/db/db.server";
import type { ErasureKind } from "./erasure.server";

// Decision 0048: what the console's "Erase…" step shows and asks to type: the
// person's e-mail, or the company's name.

export interface ErasureSubject {
  kind: ErasureKind;
  id: string;
  name: string;
  /** What the admin types to confirm. */
  confirmWith: string;
  /** A client user's company: where the console returns after erasing them. */
  companyId: string | null;
}

export async function findErasureSubject(kind: ErasureKind, id: string): Promise<ErasureSubject | undefined> {
  const subject = (name: string, confirmWith: string, companyId: string | null = null) => ({ kind, id, name, confirmWith, companyId });
  if (kind === "lead") {
    const row = await db().selectFrom("quotes").select(["name", "email"]).where("id", "=", id).executeTakeFirst();
    return row && subject(row.name, row.email);
  }
  if (kind === "application") {
    const row = await db().selectFrom("jobApplications").select(["name", "email"]).where("id", "=", id).executeTakeFirst();
    return row && subject(row.name, row.email);
  }
  if (kind === "client_user") {
    const row = await db()
      .selectFrom("users")
      .select(["name", "email", "companyId"])
      .where("id", "=", id)
      .where("role", "=", "client")
      .where("staffRole", "is", null)
      .executeTakeFirst();
    return row && subject(row.name || row.email, row.email, row.companyId);
  }
  const row = await db().selectFrom("companies").select("name").where("id", "=", id).executeTakeFirst();
  return row && subject(row.name, row.name);
}
