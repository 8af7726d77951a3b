import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import { displayName } from "~/lib/people";
import { leadStatusLabel } from "~/lib/schemas/quotes-staff";
import { applicationStageLabel } from "~/lib/schemas/applications-staff";
import { projectStatusLabel } from "~/lib/schemas/projects-staff";
import {
  EVERYWHERE_MAX_LENGTH,
  EVERYWHERE_PER_GROUP,
  everywhereGroupsFor,
  everywhereLink,
  everywhereMore,
  type EverywhereGroup,
  type EverywhereHit,
  type EverywhereResult,
} from "~/lib/search-everywhere";
import { mayUse, STAFF_ROLE_LABELS, type StaffRole } from "~/lib/staff-roles";
import type { SessionUser } from "~/server/auth/actor.server";
import { db } from "~/server/db/db.server";
import { ilike, likePattern } from "~/server/db/like.server";
import { parseSearchQuery, type SearchQuery, type SearchTerm } from "./query.server";
import { searchPage, type SearchKind, type SearchWithin } from "./search.server";
import { companyIn, companyInOrNone, type CompanyScope } from "../shared/company-scope.server";

// Decision 0078: the console's search everywhere. Leads, applications, companies and support
// requests go through the full-text index the lists use (decision 0045: names, e-mails, phone
// numbers, members of a company); projects and people have no document there, so the same query,
// word by word, as a case-insensitive LIKE on a project's title or a person's name and e-mail finds
// the first few.
// Which groups are searched at all is the viewer's role (decision 0031): a group of a section the
// role lacks is never queried, so nothing of it can appear. Within a group, only what belongs to a
// company the viewer may see (decision 0105: their scope) is ranked at all.

/** Who searches: the role decides the groups, the scope the companies. */
export type EverywhereViewer = Pick<SessionUser, "staffRole"> & { scope: CompanyScope };

/** One letter would match nearly every name: a LIKE search starts at two characters. */
const MIN_LIKE_LENGTH = 2;

/**
 * The query read as the full-text groups read it (every word, "OR", "-word"), each word found
 * anywhere in any of `columns`, case-insensitively: "asha example.com" finds Asha's address.
 */
function likeQuery<DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, query: SearchQuery, columns: string[]): Expression<SqlBool> {
  const found = (term: SearchTerm) => eb.or(columns.map((column) => ilike(sql.ref<string>(column), likePattern(term.text))));
  return eb.and([...query.all.map((group) => eb.or(group.map(found))), ...query.none.map((term) => eb.not(found(term)))]);
}

/** The hits of every group the viewer's role may see that has any, in the palette's order. */
export async function searchEverywhere(viewer: EverywhereViewer, text: string): Promise<EverywhereResult[]> {
  const q = text.trim().slice(0, EVERYWHERE_MAX_LENGTH);
  const query = parseSearchQuery(q);
  if (!query) return [];
  const groups = everywhereGroupsFor(viewer.staffRole);
  const found = await Promise.all(groups.map((group) => SEARCHES[group](query, q, viewer.staffRole, viewer.scope)));
  return groups
    .map((group, i) => ({ group, hits: found[i]!, more: everywhereMore(group, q) }))
    .filter((result) => result.hits.length > 0)
    .map((result) => (result.more ? result : { group: result.group, hits: result.hits }));
}

type GroupSearch = (query: SearchQuery, q: string, role: StaffRole | null, scope: CompanyScope) => Promise<EverywhereHit[]>;

/**
 * A group the full-text index ranks: the ids of `kind`'s best matches, their rows fetched in one
 * query, and the hits in the ranking's order.
 */
async function ranked<R extends { id: string }>(
  query: SearchQuery,
  kind: SearchKind,
  rowsOf: (ids: string[]) => Promise<R[]>,
  hit: (row: R) => Omit<EverywhereHit, "id">,
  within?: SearchWithin,
): Promise<EverywhereHit[]> {
  const { ids } = await searchPage(query, kind, { limit: EVERYWHERE_PER_GROUP, offset: 0 }, within);
  if (!ids.length) return [];
  const byId = new Map((await rowsOf(ids)).map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ id, ...hit(row) }] : [];
  });
}

const join = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(" · ");

const SEARCHES: Record<EverywhereGroup, GroupSearch> = {
  leads: (query, _q, _role, scope) =>
    ranked(
      query,
      "lead",
      (ids) => db().selectFrom("quotes").select(["id", "name", "email", "status"]).where("id", "in", ids).execute(),
      (r) => ({ label: r.name, detail: join(r.email, leadStatusLabel(r.status)), to: everywhereLink("leads", r.id) }),
      scope === "all"
        ? undefined
        : (id) =>
            db()
              .selectFrom("quotes")
              .select("quotes.id")
              .where("quotes.id", "=", id)
              .where((eb) => companyInOrNone(eb, "quotes.companyId", scope)),
    ),

  applications: (query) =>
    ranked(
      query,
      "application",
      (ids) =>
        db()
          .selectFrom("jobApplications as a")
          .leftJoin("jobOpenings as o", "o.id", "a.jobId")
          .select(["a.id", "a.name", "a.email", "a.stage", "o.title"])
          .where("a.id", "in", ids)
          .execute(),
      (r) => ({
        label: r.name,
        detail: join(r.email, r.title, applicationStageLabel(r.stage)),
        to: everywhereLink("applications", r.id),
      }),
    ),

  companies: (query, _q, _role, scope) =>
    ranked(
      query,
      "client",
      (ids) => db().selectFrom("companies").select(["id", "name", "website", "country", "closedAt"]).where("id", "in", ids).execute(),
      (r) => ({
        label: r.name,
        detail: join(r.website, r.country, r.closedAt ? "Closed" : null),
        to: everywhereLink("companies", r.id),
      }),
      scope === "all"
        ? undefined
        : (id) =>
            db()
              .selectFrom("companies")
              .select("companies.id")
              .where("companies.id", "=", id)
              .where((eb) => companyIn(eb, "companies.id", scope)),
    ),

  support: (query, _q, _role, scope) =>
    ranked(
      query,
      "complaint",
      (ids) =>
        db()
          .selectFrom("complaints as c")
          .leftJoin("companies as co", "co.id", "c.companyId")
          .select(["c.id", "c.subject", "c.status", "co.name as companyName"])
          .where("c.id", "in", ids)
          .execute(),
      (r) => ({ label: r.subject, detail: join(r.companyName, r.status), to: everywhereLink("support", r.id) }),
      scope === "all"
        ? undefined
        : (id) =>
            db()
              .selectFrom("complaints")
              .select("complaints.id")
              .where("complaints.id", "=", id)
              .where((eb) => companyIn(eb, "complaints.companyId", scope)),
    ),

  async projects(query, q, _role, scope) {
    if (q.length < MIN_LIKE_LENGTH || query.all.length === 0) return [];
    const rows = await db()
      .selectFrom("projects as p")
      .leftJoin("companies as c", "c.id", "p.companyId")
      .select(["p.id", "p.title", "p.status", "p.archivedAt", "c.name as companyName"])
      .where((eb) => likeQuery(eb, query, ["p.title"]))
      .where((eb) => companyIn(eb, "p.companyId", scope))
      // Open work first, then the most recently changed.
      .orderBy(sql`case when p.archived_at is null then 0 else 1 end`)
      .orderBy("p.updatedAt", "desc")
      .orderBy("p.id")
      .limit(EVERYWHERE_PER_GROUP)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      label: r.title,
      detail: join(r.companyName, r.archivedAt ? "Archived" : projectStatusLabel(r.status)),
      to: everywhereLink("projects", r.id),
    }));
  },

  async people(query, q, role, scope) {
    if (q.length < MIN_LIKE_LENGTH || query.all.length === 0) return [];
    // Client users for every role with Clients; staff members only for a role with the Staff page.
    const roles = mayUse(role, "staff") ? ["client", "employee"] : ["client"];
    const rows = await db()
      .selectFrom("users as u")
      .leftJoin("companies as c", "c.id", "u.companyId")
      .select(["u.id", "u.name", "u.email", "u.role", "u.staffRole", "u.companyId", "c.name as companyName"])
      .where("u.role", "in", roles)
      .where((eb) => likeQuery(eb, query, ["u.name", "u.email"]))
      // A client is a person of their company: only the companies the viewer may see (decision 0105).
      .where((eb) => eb.or([eb("u.role", "=", "employee"), companyIn(eb, "u.companyId", scope)]))
      .orderBy("u.email")
      .limit(EVERYWHERE_PER_GROUP)
      .execute();
    return rows.map((r) => {
      const staff = r.role === "employee";
      const staffRole = staff && r.staffRole && r.staffRole in STAFF_ROLE_LABELS ? STAFF_ROLE_LABELS[r.staffRole as StaffRole] : null;
      return {
        id: r.id,
        label: displayName(r),
        detail: staff ? join(r.email, "Staff", staffRole) : join(r.email, r.companyName),
        to: everywhereLink("people", r.id, staff ? null : r.companyId),
      };
    });
  },
};
