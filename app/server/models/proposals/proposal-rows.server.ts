import { createHash } from "node:crypto";
import type { ProposalContent } from "~/lib/proposals";
import { Refusal } from "~/lib/refusal";
import type { Executor } from "~/server/db/db.server";

// Reading proposal rows: the working copy and frozen versions are JSON of ProposalContent.

export const NO_PROPOSAL = "This proposal does not exist (or no longer does).";
export const STALE_PROPOSAL = "This proposal changed since you opened it: reload it to see the changes, then make yours again.";

export const parseContent = (json: string) => JSON.parse(json) as ProposalContent;
export const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** The proposal row, or a not-found refusal. */
export async function proposalRow(executor: Executor, id: string) {
  const row = await executor.selectFrom("proposals").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new Refusal("not-found", NO_PROPOSAL);
  return row;
}

/** The latest version sent to the client, or null while it is a draft. */
export async function latestVersion(executor: Executor, proposalId: string) {
  const row = await executor
    .selectFrom("proposalVersions")
    .selectAll()
    .where("proposalId", "=", proposalId)
    .orderBy("number", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? { ...row, content: parseContent(row.content) } : null;
}

/** YYYY-MM-DD `today` is past the last day it could be accepted. */
export const isExpired = (content: ProposalContent, today: string) => content.validUntil < today;
