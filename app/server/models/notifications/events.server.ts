import { applicationLink, companyLink, leadLink, projectLink, teamLink } from "~/lib/links";
import { brandIn } from "~/server/brand/brand.server";
import { mayUse, type ConsoleArea, type StaffRole } from "~/lib/staff-roles";
import { dbBool } from "~/server/db/boolean.server";
import { absoluteUrl } from "~/server/env.server";
import { milestoneDoneMail, milestoneDueMail, progressChangedMail } from "~/server/mail/project-event-mails.server";
import { invitationAcceptedMail, newApplicationMail, newLeadMail } from "~/server/mail/staff-event-mails.server";
import type { MailContent } from "~/server/mail/templates.server";
import { recordWebhookEvent } from "~/server/models/webhooks/webhook-changes.server";
import { companyMemberIds, notify, staffIdsFor } from "./notifications.server";
import type { Executor, Trx } from "~/server/db/db.server";
import { assignedStaffIds } from "../shared/company-scope.server";

// Decision 0041: who hears of each project and company event. Each
// function runs inside the event's own transaction and returns who was notified, for
// `publishNotified` after the commit. Only people who may open the link are told: a company's
// members for its projects, staff whose role includes the console area the link opens. Every event
// passes its mail: each recipient's preference for the type then decides now, digest or never
// (decision 0046); a notification without one would reach the bell and never the inbox. The same
// events go to webhook endpoints and chat alerts that chose them (decision 0103), written here too.

type Actor = { actorId?: string | null; actorName?: string | null };

/** The person who acted, or null for the app's own arithmetic (progress that follows milestones). */
const personOf = (actor: Actor) => (actor.actorId ? (actor.actorName ?? null) : null);

/** Those of `ids` who are active staff whose role may use `area`. */
export async function activeStaffAmong(trx: Trx, ids: ReadonlyArray<string | null>, area: ConsoleArea): Promise<string[]> {
  const wanted = ids.filter((id): id is string => Boolean(id));
  if (wanted.length === 0) return [];
  const rows = await trx
    .selectFrom("users")
    .select(["id", "staffRole"])
    .where("id", "in", wanted)
    .where("role", "=", "employee")
    .where("staffDisabledAt", "is", null)
    .execute();
  return rows.filter((row) => mayUse((row.staffRole as StaffRole | null) ?? null, area)).map((row) => row.id);
}

async function projectTitle(trx: Trx, projectId: string): Promise<string> {
  const row = await trx.selectFrom("projects").select("title").where("id", "=", projectId).executeTakeFirst();
  return row?.title ?? "your project";
}

/** Part 4: a progress change reaches every member of the company, with the staff note as body. */
export async function notifyProgressChanged(
  trx: Trx,
  change: { progressId: string; projectId: string; companyId: string | null; progress: number; note: string },
  actor: Actor,
  now: number,
): Promise<string[]> {
  if (!change.companyId) return [];
  const title = await projectTitle(trx, change.projectId);
  const link = projectLink("client", change.projectId);
  const mail = progressChangedMail(
    {
      projectTitle: title,
      progress: change.progress,
      note: change.note,
      by: personOf(actor),
      portalUrl: absoluteUrl(link),
    },
    await brandIn(trx),
  );
  return notify(
    trx,
    await companyMemberIds(trx, change.companyId),
    {
      type: "progress_change",
      eventKey: `progress:${change.progressId}`,
      title: `${title} is now ${change.progress}% done`,
      body: change.note,
      link,
      actorName: actor.actorName,
      mail,
      thread: { projectId: change.projectId },
      companyId: change.companyId,
    },
    { actorId: actor.actorId, now },
  );
}

/** Part 4: a milestone marked Done reaches every member of the company. */
export async function notifyMilestoneDone(
  trx: Trx,
  milestone: { id: string; title: string; projectId: string; companyId: string | null },
  actor: Actor,
  now: number,
): Promise<string[]> {
  await recordWebhookEvent(trx, { type: "milestone.done", id: milestone.id }, now);
  if (!milestone.companyId) return [];
  const title = await projectTitle(trx, milestone.projectId);
  const link = projectLink("client", milestone.projectId);
  const mail = milestoneDoneMail(
    { projectTitle: title, milestone: milestone.title, by: personOf(actor), portalUrl: absoluteUrl(link) },
    await brandIn(trx),
  );
  return notify(
    trx,
    await companyMemberIds(trx, milestone.companyId),
    {
      type: "milestone_done",
      eventKey: `milestone-done:${milestone.id}:${now}`,
      title: `Milestone "${milestone.title}" of ${title} is done`,
      link,
      actorName: actor.actorName,
      mail,
      thread: { projectId: milestone.projectId },
      companyId: milestone.companyId,
    },
    { actorId: actor.actorId, now },
  );
}

/** The due-date sweep: once per milestone and due date, whichever instance gets there first. */
export async function notifyMilestoneDue(
  trx: Trx,
  milestone: { id: string; title: string; dueDate: string; projectId: string; projectTitle: string; companyId: string },
  now: number,
): Promise<string[]> {
  const link = projectLink("client", milestone.projectId);
  return notify(
    trx,
    await companyMemberIds(trx, milestone.companyId),
    {
      type: "milestone_due",
      eventKey: `milestone-due:${milestone.id}:${milestone.dueDate}`,
      title: `Milestone "${milestone.title}" of ${milestone.projectTitle} is due on ${milestone.dueDate}`,
      link,
      mail: milestoneDueMail(
        {
          projectTitle: milestone.projectTitle,
          milestone: milestone.title,
          dueDate: milestone.dueDate,
          portalUrl: absoluteUrl(link),
        },
        await brandIn(trx),
      ),
      thread: { projectId: milestone.projectId },
      companyId: milestone.companyId,
    },
    { now },
  );
}

/** Staff ask the company for a sign-off: every member may decide, so every member hears of it. */
export async function notifyApprovalRequested(
  trx: Trx,
  approval: { id: string; projectId: string; companyId: string | null; subject: string; note: string },
  actor: Actor,
  mail: MailContent,
  now: number,
  mailFor?: (executor: Executor, userId: string) => Promise<MailContent>,
): Promise<string[]> {
  if (!approval.companyId) return [];
  return notify(
    trx,
    await companyMemberIds(trx, approval.companyId),
    {
      type: "approval_requested",
      eventKey: `approval-requested:${approval.id}`,
      title: `Your approval is asked for the ${approval.subject}`,
      body: approval.note,
      link: projectLink("client", approval.projectId),
      actorName: actor.actorName,
      mail,
      mailFor,
      thread: { projectId: approval.projectId },
      companyId: approval.companyId,
    },
    { actorId: actor.actorId, now },
  );
}

/**
 * A member decided: the company's account team with Clients first (decision 0105); when it has
 * none, the project's owner and the staff member who asked, while they still look after clients;
 * else every staff member who does.
 */
export async function notifyApprovalDecided(
  trx: Trx,
  approval: { id: string; projectId: string; requestedBy: string | null; title: string; comment: string },
  actor: Actor,
  mail: MailContent,
  now: number,
): Promise<string[]> {
  await recordWebhookEvent(trx, { type: "approval.decided", id: approval.id }, now);
  const project = await trx.selectFrom("projects").select(["ownerId", "companyId"]).where("id", "=", approval.projectId).executeTakeFirst();
  const companyId = project?.companyId ?? null;
  const team = companyId ? await assignedStaffIds(trx, companyId, "clients") : [];
  const known = team.length > 0 ? team : await activeStaffAmong(trx, [project?.ownerId ?? null, approval.requestedBy], "clients");
  const recipients = known.length > 0 ? known : await staffIdsFor(trx, "clients");
  return notify(
    trx,
    recipients,
    {
      type: "approval_decided",
      eventKey: `approval-decided:${approval.id}`,
      title: approval.title,
      body: approval.comment,
      link: projectLink("staff", approval.projectId, "milestones"),
      actorName: actor.actorName,
      mail,
      companyId,
    },
    { actorId: actor.actorId, now },
  );
}

/** Files shared by staff reach the company's members; by a client, the staff who look after clients. */
export async function notifyFilesShared(
  trx: Trx,
  upload: { session: string; projectId: string; companyId: string | null; fromAgency: boolean; title: string; fileIds?: readonly string[] },
  actor: Actor,
  mail: MailContent,
  now: number,
): Promise<string[]> {
  for (const id of upload.fileIds ?? []) await recordWebhookEvent(trx, { type: "file.shared", id }, now);
  const recipients = upload.fromAgency
    ? upload.companyId
      ? await companyMemberIds(trx, upload.companyId)
      : []
    : await staffIdsFor(trx, "clients");
  const link = projectLink(upload.fromAgency ? "client" : "staff", upload.projectId, "files");
  return notify(
    trx,
    recipients,
    {
      type: "file_shared",
      eventKey: `files:${upload.session}`,
      title: upload.title,
      link,
      actorName: actor.actorName,
      mail,
      companyId: upload.companyId,
    },
    { actorId: actor.actorId, now },
  );
}

/** A new member joined: the staff member who invited them (if they still look after clients) and the company's client admins. */
export async function notifyInvitationAccepted(
  trx: Trx,
  invitation: { id: string; companyId: string; invitedBy: string; name: string; email: string },
  newMemberId: string,
  now: number,
): Promise<string[]> {
  const company = await trx.selectFrom("companies").select("name").where("id", "=", invitation.companyId).executeTakeFirst();
  const who = invitation.name || invitation.email;
  const companyName = company?.name ?? "the company";
  const title = `${who} accepted the invitation to ${companyName}`;
  const eventKey = `invitation-accepted:${invitation.id}`;
  const staff = await activeStaffAmong(trx, [invitation.invitedBy], "clients");
  const admins = await trx
    .selectFrom("users")
    .select("id")
    .where("companyId", "=", invitation.companyId)
    .where("role", "=", "client")
    .where("clientAdmin", "=", dbBool(true))
    .execute();
  const options = { actorId: newMemberId, now };
  const consoleLink = companyLink(invitation.companyId);
  const toStaff = await notify(
    trx,
    staff,
    {
      type: "invitation_accepted",
      eventKey,
      title,
      link: consoleLink,
      actorName: who,
      mail: invitationAcceptedMail({ who, company: companyName, url: absoluteUrl(consoleLink) }, await brandIn(trx)),
      companyId: invitation.companyId,
    },
    options,
  );
  const portalLink = teamLink();
  const toAdmins = await notify(
    trx,
    admins.map((row) => row.id),
    {
      type: "invitation_accepted",
      eventKey,
      title,
      link: portalLink,
      actorName: who,
      mail: invitationAcceptedMail({ who, company: companyName, url: absoluteUrl(portalLink) }, await brandIn(trx)),
      companyId: invitation.companyId,
    },
    options,
  );
  return [...toStaff, ...toAdmins];
}

/** SPEC's quote mail to MAIL_SALES_TO stays; staff who work leads also see it in their bell. */
export async function notifyNewLead(trx: Trx, lead: { id: string; name: string; requirement: string }, now: number): Promise<string[]> {
  await recordWebhookEvent(trx, { type: "lead.created", id: lead.id }, now);
  const link = leadLink(lead.id);
  const mail = newLeadMail({ name: lead.name, url: absoluteUrl(link) }, await brandIn(trx));
  return notify(
    trx,
    await staffIdsFor(trx, "leads"),
    {
      type: "new_lead",
      eventKey: `lead:${lead.id}`,
      title: `New lead from ${lead.name}`,
      body: lead.requirement.slice(0, 280),
      link,
      actorName: lead.name,
      mail,
    },
    { now },
  );
}

/** SPEC's application mail to MAIL_HR_TO stays; recruiters also see it in their bell. */
export async function notifyNewApplication(
  trx: Trx,
  application: { id: string; name: string; openingTitle: string },
  now: number,
): Promise<string[]> {
  await recordWebhookEvent(trx, { type: "application.received", id: application.id }, now);
  const link = applicationLink(application.id);
  const mail = newApplicationMail(
    { name: application.name, openingTitle: application.openingTitle, url: absoluteUrl(link) },
    await brandIn(trx),
  );
  return notify(
    trx,
    await staffIdsFor(trx, "applications"),
    {
      type: "new_application",
      eventKey: `application:${application.id}`,
      title: `${application.name} applied for ${application.openingTitle}`,
      link,
      actorName: application.name,
      mail,
    },
    { now },
  );
}
