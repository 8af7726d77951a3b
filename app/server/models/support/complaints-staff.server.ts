import { displayName } from "~/lib/people";
import type { Expression, Transaction } from "kysely";
import { brandIn } from "~/server/brand/brand.server";
import { newId } from "~/lib/ids";
import type { ComplaintStatus } from "~/lib/schemas/complaints-staff";
import type { SearchMatch } from "~/lib/search";
import type { SupportFilter } from "~/lib/schemas/support-desk";
import type { SupportTurn } from "~/lib/support-desk";
import { supportLink } from "~/lib/links";
import { actorName, personIdOf, type Actor } from "~/server/auth/actor.server";
import { recordAudit } from "../shared/audit.server";
import { afterAlerts, alertCompany } from "./alerts.server";
import { searchIds, searchMatches, searchPage } from "../search/search.server";
import { parseSearchQuery } from "../search/query.server";
import { CLOSED_STATUS, noSuchRequest, STAFF_SENDER, turnOf, withReplies, type Complaint, type Reply } from "./complaints.server";
import { db, type Trx } from "~/server/db/db.server";
import type { Database } from "~/server/db/schema";
import { absoluteUrl } from "~/server/env.server";
import { events } from "~/server/events/bus.server";
import type { Zoned } from "~/lib/place";
import { complaintStatusMail, staffReplyMail } from "~/server/mail/support-mails.server";
import { insertAttachments } from "./attachments.server";
import type { StoredAttachment } from "~/lib/attachments";
import { companyIn, type CompanyScope } from "../shared/company-scope.server";

// Staff side of support requests. Every function assumes the caller passed requireStaff.

interface ComplaintListRow {
  id: string;
  subject: string;
  status: string;
  createdAt: number;
  updatedAt: number;
  companyId: string | null;
  companyName: string | null;
  /** The member who raised it; null once they have left the company. */
  createdByEmail: string | null;
  createdByName: string | null;
  replyCount: number;
  /** 'user' when the client spoke last: the request is waiting for us. */
  lastSender: string | null;
  /** Whose turn, as the client sees it (decision 0076); null unless Pending. */
  turn: SupportTurn | null;
  /** The desk's fields. */
  assigneeId: string | null;
  assigneeName: string | null;
  priority: string;
  waitingSince: number | null;
  /** A search's marked subject and snippet. */
  match?: SearchMatch;
}

interface StaffComplaint extends Complaint {
  company: { id: string; name: string } | null;
  /** Who raised it, while they are a member. */
  createdByUser: { id: string; email: string; name: string } | null;
}

/**
 * Every client's complaints, filtered by view (mine / unassigned), status, priority and "waiting",
 * sorted unresolved first then newest, by priority, or by the longest wait.
 * A search keeps the filters; with `rank` it orders by relevance and marks the matches.
 */
export async function listComplaintsForStaff(options: {
  /** The companies the viewer may see (decision 0105). */
  scope: CompanyScope;
  filter?: SupportFilter;
  status?: string;
  me?: string;
  /** Search text: subject, messages and internal notes. */
  q?: string;
  /** Best match first (the search's default) instead of the filter's sort. */
  rank?: boolean;
  limit: number;
  offset: number;
}): Promise<{ entries: ComplaintListRow[]; total: number; capped?: boolean }> {
  const filter: SupportFilter = options.filter ?? { view: "all", sort: "default", ...(options.status ? { status: options.status } : {}) };
  const search = parseSearchQuery(options.q ?? "");
  let base = complaintListBase(options.scope);
  if (filter.status) base = base.where("c.status", "=", filter.status);
  if (filter.priority) base = base.where("c.priority", "=", filter.priority);
  if (filter.view === "mine") base = base.where("c.assigneeId", "=", options.me ?? "");
  if (filter.view === "unassigned") base = base.where("c.assigneeId", "is", null);
  if (filter.waiting) base = base.where("c.waitingSince", "is not", null).where("c.status", "=", "Pending");
  const filtered = Boolean(filter.status || filter.priority || filter.waiting || filter.view !== "all");
  if (search && options.rank !== false) {
    const within = filtered || options.scope !== "all" ? (id: Expression<string>) => base.select("c.id").where("c.id", "=", id) : undefined;
    const found = await searchPage(search, "complaint", options, within);
    const rows = found.ids.length ? await complaintListColumns(base).where("c.id", "in", found.ids).execute() : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    return {
      ...complaintListPage(
        found.ids.flatMap((id) => byId.get(id) ?? []),
        found.total,
        found.matches,
      ),
      capped: found.capped,
    };
  }
  if (search) base = base.where("c.id", "in", searchIds(search, "complaint"));
  let query = complaintListColumns(base);
  if (filter.sort === "waiting") {
    // Oldest wait first; requests nobody is waiting on come last.
    query = query.orderBy((eb) => eb.case().when("c.waitingSince", "is", null).then(1).else(0).end()).orderBy("c.waitingSince");
  }
  query = query.orderBy((eb) => eb.case().when("c.status", "in", ["Resolved", "Closed"]).then(1).else(0).end());
  if (filter.sort === "priority") {
    query = query.orderBy((eb) =>
      eb
        .case()
        .when("c.priority", "=", "urgent")
        .then(0)
        .when("c.priority", "=", "high")
        .then(1)
        .when("c.priority", "=", "low")
        .then(3)
        .else(2)
        .end(),
    );
  }
  const [rows, count] = await Promise.all([
    query.orderBy("c.createdAt", "desc").orderBy("c.id").limit(options.limit).offset(options.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return complaintListPage(
    rows,
    Number(count.n),
    search &&
      (await searchMatches(
        search,
        "complaint",
        rows.map((r) => r.id),
      )),
  );
}

function complaintListBase(scope: CompanyScope) {
  return db()
    .selectFrom("complaints as c")
    .leftJoin("companies as co", "co.id", "c.companyId")
    .leftJoin("users as u", "u.id", "c.createdBy")
    .leftJoin("users as a", "a.id", "c.assigneeId")
    .where((eb) => companyIn(eb, "c.companyId", scope));
}

type ComplaintListQuery = ReturnType<typeof complaintListBase>;

function complaintListColumns(base: ComplaintListQuery) {
  return base
    .select([
      "c.id",
      "c.subject",
      "c.status",
      "c.createdAt",
      "c.updatedAt",
      "c.companyId",
      "co.name as companyName",
      "u.email as createdByEmail",
      "u.name as createdByName",
    ])
    .select(["c.assigneeId", "a.name as assigneeUserName", "a.email as assigneeEmail", "c.priority", "c.waitingSince"])
    .select((eb) => [
      eb
        .selectFrom("complaintReplies as r")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("r.complaintId", "=", "c.id")
        .as("replyCount"),
      eb
        .selectFrom("complaintReplies as r")
        .select("r.sender")
        .whereRef("r.complaintId", "=", "c.id")
        .orderBy("r.timestamp", "desc")
        .orderBy("r.id", "desc")
        .limit(1)
        .as("lastSender"),
    ]);
}

type ComplaintListRecord = Awaited<ReturnType<ReturnType<typeof complaintListColumns>["execute"]>>[number];

function complaintListPage(
  rows: ComplaintListRecord[],
  total: number,
  matches: Map<string, SearchMatch> | undefined,
): { entries: ComplaintListRow[]; total: number } {
  return {
    total,
    entries: rows.map(({ assigneeUserName, assigneeEmail, ...r }) => ({
      ...r,
      replyCount: Number(r.replyCount ?? 0),
      lastSender: r.lastSender ?? null,
      turn: turnOf(r.status, r.lastSender),
      createdByName: r.createdByEmail === null ? null : displayName({ name: r.createdByName, email: r.createdByEmail }),
      assigneeName: r.assigneeId && assigneeEmail !== null ? displayName({ name: assigneeUserName, email: assigneeEmail }) : null,
      waitingSince: r.waitingSince === null ? null : Number(r.waitingSince),
      match: matches?.get(r.id),
    })),
  };
}

/** One complaint the viewer may see (`scope`), with its thread, its company and the member who raised it. */
export async function getComplaintForStaff({ id, scope }: { id: string; scope: CompanyScope }): Promise<StaffComplaint | undefined> {
  const row = await db()
    .selectFrom("complaints as c")
    .leftJoin("companies as co", "co.id", "c.companyId")
    .leftJoin("users as u", "u.id", "c.createdBy")
    .selectAll("c")
    .select(["co.name as companyName", "u.email as createdByEmail", "u.name as createdByName"])
    .where("c.id", "=", id)
    .where((eb) => companyIn(eb, "c.companyId", scope))
    .executeTakeFirst();
  if (!row) return undefined;
  const { companyName, createdByEmail, createdByName, ...complaint } = row;
  const [withThread] = await withReplies([complaint]);
  return {
    ...withThread!,
    company: complaint.companyId && companyName !== null ? { id: complaint.companyId, name: companyName } : null,
    createdByUser:
      complaint.createdBy && createdByEmail !== null
        ? { id: complaint.createdBy, email: createdByEmail, name: displayName({ name: createdByName, email: createdByEmail }) }
        : null,
  };
}

/** The request a staff change is about; not-found when it is gone. */
async function complaintForChange(trx: Transaction<Database>, id: string) {
  const complaint = await trx
    .selectFrom("complaints as c")
    .select(["c.id", "c.companyId", "c.status", "c.subject", "c.createdAt"])
    .where("c.id", "=", id)
    .executeTakeFirst();
  if (!complaint) throw noSuchRequest();
  return complaint;
}

const portalUrl = () => absoluteUrl(supportLink("client"));

/**
 * Replies as staff: sender 'staff' with the staff member's name. The reply, its audit row and the
 * company members' notifications (with the mail) commit together; the client is no longer waiting.
 * Undefined (nothing stored) when the text is blank: SPEC §5 ignores it. An unknown complaint is
 * refused as not-found.
 */
export async function addStaffReply(
  actor: Actor,
  { complaintId, text, files = [] }: { complaintId: string; text: string; files?: StoredAttachment[] },
  now = Date.now(),
  /**
   * A reply that came by e-mail (decision 0102): its row id is the inbound message's, so a message
   * processed twice adds nothing; `mark` writes the message's outcome in this transaction (added:
   * false when the reply was already there).
   */
  byMail?: { id: string; mark: (trx: Trx, added: boolean) => Promise<void> },
) {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const stored = await db()
    .transaction()
    .execute(async (trx) => {
      const complaint = await complaintForChange(trx, complaintId);
      const reply: Reply = { id: byMail?.id ?? newId(), sender: STAFF_SENDER, senderName: actorName(actor), text: trimmed, timestamp: now };
      const inserted = await trx
        .insertInto("complaintReplies")
        .values({ ...reply, complaintId, senderId: personIdOf(actor), ...(byMail ? { channel: "email" } : {}) })
        .onConflict((oc) => oc.column("id").doNothing())
        .executeTakeFirst();
      if (byMail && Number(inserted.numInsertedOrUpdatedRows ?? 1) === 0) {
        await byMail.mark(trx, false);
        // Already written by an earlier run: nothing new, and the files staged for it are let go.
        return { reply: undefined, companyId: null, alerted: [] as string[] };
      }
      await trx.updateTable("complaints").set({ updatedAt: now, waitingSince: null }).where("id", "=", complaintId).execute();
      await recordAudit(
        trx,
        actor,
        {
          action: "complaint.reply",
          entity: "complaint",
          entityId: complaintId,
          detail: { replyId: reply.id, companyId: complaint.companyId, ...(byMail ? { via: "email" } : {}) },
        },
        now,
      );
      if (files.length > 0)
        await insertAttachments(trx, actor, "staff", { complaintId, replyId: reply.id, companyId: complaint.companyId }, files);
      // Every member of the company hears of it (decision 0028: an unverified address gets
      // the bell, not the mail); the mail keeps the text.
      // Composed per member, so each reads the date in their own zone.
      const brand = await brandIn(trx);
      const mail = (zoned: Zoned) =>
        staffReplyMail({ staffName: reply.senderName, text: trimmed, raisedAt: complaint.createdAt, portalUrl: portalUrl() }, brand, zoned);
      const alerted = await alertCompany(
        trx,
        {
          complaintId,
          companyId: complaint.companyId,
          type: "staff_reply",
          eventKey: `complaint-reply:${reply.id}`,
          webhook: { type: "support_request.replied", id: reply.id },
          title: `${reply.senderName} replied to "${complaint.subject}"`,
          actorId: actor.id,
          actorName: reply.senderName,
          mail,
        },
        now,
      );
      await byMail?.mark(trx, true);
      return { reply, companyId: complaint.companyId, alerted };
    });
  if (stored.companyId) events().publish({ type: "complaint.changed", id: complaintId, companyId: stored.companyId });
  afterAlerts(stored.alerted);
  return stored.reply;
}

type StatusChange = { changed: false } | { changed: true; changeId: string; from: string; to: ComplaintStatus };

/**
 * Sets Pending or Resolved (Pending again is a reopen). A real change writes an audit row and mails
 * the client in one transaction; setting the current status changes nothing. An unknown request is
 * refused as not-found.
 */
export async function setComplaintStatus(
  actor: Actor,
  { complaintId, status }: { complaintId: string; status: ComplaintStatus },
  now = Date.now(),
): Promise<StatusChange> {
  const change = await db()
    .transaction()
    .execute(
      async (
        trx,
      ): Promise<
        ((StatusChange & { changed: false }) | (StatusChange & { changed: true; alerted: string[] })) & { companyId: string | null }
      > => {
        const complaint = await complaintForChange(trx, complaintId);
        if (complaint.status === status) return { changed: false, companyId: complaint.companyId };
        const updated = await trx
          .updateTable("complaints")
          .set({ status, updatedAt: now })
          .where("id", "=", complaintId)
          .where("status", "=", complaint.status)
          .executeTakeFirst();
        // Another staff member changed it a moment ago: theirs stands, and they mailed the client.
        if (Number(updated.numUpdatedRows) === 0) return { changed: false, companyId: complaint.companyId };
        const changeId = newId();
        // A request its client had closed is theirs no longer once staff set a status.
        if (complaint.status === CLOSED_STATUS)
          await trx.updateTable("complaints").set({ closedAt: null }).where("id", "=", complaintId).execute();
        const detail = { from: complaint.status, to: status, changeId, companyId: complaint.companyId };
        await recordAudit(trx, actor, { action: "complaint.status", entity: "complaint", entityId: complaintId, detail }, now);
        const brand = await brandIn(trx);
        const mail = (zoned: Zoned) => complaintStatusMail({ status, raisedAt: complaint.createdAt, portalUrl: portalUrl() }, brand, zoned);
        const alerted = await alertCompany(
          trx,
          {
            complaintId,
            companyId: complaint.companyId,
            type: "status_change",
            eventKey: `complaint-status:${changeId}`,
            webhook: status === "Resolved" ? { type: "support_request.closed", id: complaintId } : undefined,
            title: `Your request "${complaint.subject}" is now ${status}`,
            actorId: actor.id,
            actorName: actorName(actor),
            mail,
          },
          now,
        );
        return { changed: true, changeId, from: complaint.status, to: status, companyId: complaint.companyId, alerted };
      },
    );
  if (change.changed) {
    if (change.companyId) events().publish({ type: "complaint.changed", id: complaintId, companyId: change.companyId });
    afterAlerts(change.alerted);
  }
  if (!change.changed) return { changed: false };
  const { companyId: _companyId, alerted: _alerted, ...result } = change;
  return result;
}
