import { sql } from "kysely";
import { roleForEmail } from "~/lib/roles";
import { db } from "~/server/db/db.server";
import { getEnv } from "~/server/env.server";
import { ilike, likePattern } from "~/server/db/like.server";
import type { Profile } from "./profiles.server";

interface ClientSummary {
  id: string;
  email: string;
  name: string;
  createdAt: number;
  fullName: string | null;
  phone: string | null;
  company: string | null;
  country: string | null;
  projectCount: number;
}

interface ClientAccount {
  id: string;
  email: string;
  name: string;
  createdAt: number;
  profile: Profile | null;
}

const epoch = (value: Date | string | number) => new Date(value).getTime();

/** Client accounts: every user outside the company domain (SPEC §4), with profile and search. */
function clientAccounts(search: string) {
  const staffPattern = likePattern(getEnv().COMPANY_DOMAIN, { prefix: "%@", suffix: "" });
  let query = db()
    .selectFrom("users as u")
    .leftJoin("profiles as p", "p.userId", "u.id")
    .where(sql<boolean>`not ${ilike(sql.ref("u.email"), staffPattern)}`);
  const term = search.trim();
  if (term) {
    const pattern = likePattern(term);
    query = query.where((eb) =>
      eb.or(["u.email", "u.name", "p.fullName", "p.phone", "p.company", "p.country"].map((c) => ilike(sql.ref(c), pattern))),
    );
  }
  return query;
}

/** Staff only: a page of client accounts, newest first, with their profile and project count. */
export async function listClients(options: { search?: string; limit: number; offset: number }): Promise<{ clients: ClientSummary[]; total: number }> {
  const base = clientAccounts(options.search ?? "");
  const [rows, count] = await Promise.all([
    base
      .select(["u.id", "u.email", "u.name", "u.createdAt", "p.fullName", "p.phone", "p.company", "p.country"])
      .select((eb) =>
        eb.selectFrom("projects").select(eb.fn.countAll<number>().as("n")).whereRef("projects.ownerId", "=", "u.id").as("projectCount"),
      )
      .orderBy("u.createdAt", "desc")
      .orderBy("u.id")
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    clients: rows.map((r) => ({ ...r, createdAt: epoch(r.createdAt), projectCount: Number(r.projectCount ?? 0) })),
  };
}

/** Staff only: one client account and its profile. A staff account or unknown id is undefined. */
export async function getClient({ id }: { id: string }): Promise<ClientAccount | undefined> {
  const user = await db().selectFrom("users").select(["id", "email", "name", "createdAt"]).where("id", "=", id).executeTakeFirst();
  if (!user || roleForEmail(user.email, getEnv().COMPANY_DOMAIN) !== "client") return undefined;
  const profile = await db().selectFrom("profiles").selectAll().where("userId", "=", id).executeTakeFirst();
  return { ...user, createdAt: epoch(user.createdAt), profile: profile ?? null };
}
