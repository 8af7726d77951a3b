import { db } from "~/server/db/db.server";
import { companyComplaintsQuery, withReplies, type Complaint } from "./complaints.server";

// The portal Support panel's pages of a company's requests (the order is companyComplaintsQuery's).

/**
 * One page of the company's complaints in the same order, with how many there are: after years a
 * company's every request and reply made a page of hundreds of kilobytes.
 */
export async function listComplaintsPage({
  companyId,
  limit,
  offset,
}: {
  companyId: string;
  limit: number;
  offset: number;
}): Promise<{ complaints: Complaint[]; total: number }> {
  const [rows, counted] = await Promise.all([
    companyComplaintsQuery({ companyId }).limit(limit).offset(offset).execute(),
    db()
      .selectFrom("complaints")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("companyId", "=", companyId)
      .executeTakeFirst(),
  ]);
  return { complaints: await withReplies(rows), total: Number(counted?.n ?? 0) };
}

/**
 * How many of the company's complaints come before this one in the list's order (newest first,
 * then id), so a link to it opens the page that holds it; undefined for another company's or none.
 */
export async function complaintPosition({ id, companyId }: { id: string; companyId: string }): Promise<number | undefined> {
  const target = await db()
    .selectFrom("complaints")
    .select(["createdAt", "id"])
    .where("id", "=", id)
    .where("companyId", "=", companyId)
    .executeTakeFirst();
  if (!target) return undefined;
  const before = await db()
    .selectFrom("complaints")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("companyId", "=", companyId)
    .where((eb) =>
      eb.or([eb("createdAt", ">", target.createdAt), eb.and([eb("createdAt", "=", target.createdAt), eb("id", "<", target.id)])]),
    )
    .executeTakeFirst();
  return Number(before?.n ?? 0);
}
