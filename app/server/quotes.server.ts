import type { Transaction } from "kysely";
import { newId } from "~/lib/ids";
import type { QuoteInput } from "~/lib/schemas/quote";
import { db } from "./db.server";
import type { Database } from "./db/schema";

export interface Quote {
  id: string;
  name: string;
  email: string;
  phone: string;
  country: string;
  requirement: string;
  submittedAt: number;
  status: string;
}

/** Stores one quote request (SPEC §3: one new record per submission) inside the caller's transaction. */
export async function insertQuote(trx: Transaction<Database>, input: QuoteInput, now = Date.now()): Promise<Quote> {
  const quote = {
    id: newId(),
    name: input.name,
    email: input.email,
    phone: input.phone,
    country: input.country ?? "",
    requirement: input.requirement,
    submittedAt: now,
  };
  await trx.insertInto("quotes").values(quote).execute();
  return { ...quote, status: "new" };
}

export async function listQuotes(limit = 50): Promise<Quote[]> {
  return db().selectFrom("quotes").selectAll().orderBy("submittedAt", "desc").limit(limit).execute();
}

export async function countQuotes(): Promise<number> {
  const row = await db().selectFrom("quotes").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}
