import { projectLink } from "~/lib/links";
import { actorName, type Actor } from "~/server/auth/actor.server";
import { brandIn } from "~/server/brand/brand.server";
import { db, type Trx } from "~/server/db/db.server";
import { absoluteUrl } from "~/server/env.server";
import { notifyMailEnqueued } from "~/server/mail/outbox.server";
import { projectCommentMail } from "~/server/mail/staff-event-mails.server";
import { activeStaffAmong } from "../notifications/events.server";
import { notify, publishNotified, staffIdsFor } from "../notifications/notifications.server";
import { recordAudit } from "../shared/audit.server";
import { recordActivity } from "./project-activity.server";
import { projectChanged } from "./projects.server";

// Decision 0101: a member's e-mail reply to a project or approval mail becomes a comment on the
// project's timeline. Projects had no comments; this is the smallest honest one: an activity entry
// "Comment by e-mail: …" that both sides see where they see the project's other events, the same
// `project.changed` event (live on both sides), an audit row, and the project's staff told. The
// entry's id is the inbound message's, so a message processed twice comments once; `mark` writes
// the message's outcome in the same transaction.

export const COMMENT_MAX = 2000;
const fit = (text: string) => (text.length <= COMMENT_MAX ? text : `${text.slice(0, COMMENT_MAX - 2).trimEnd()} …`);

export type CommentOutcome = { kind: "added"; projectId: string } | { kind: "refused"; reason: string } | { kind: "duplicate" };

interface EmailComment {
  id: string;
  projectId: string;
  member: Actor & { companyId: string };
  text: string;
  mark: (trx: Trx, outcome: CommentOutcome) => Promise<void>;
}

export async function addEmailComment({ id, projectId, member, text, mark }: EmailComment, now = Date.now()): Promise<CommentOutcome> {
  const name = actorName(member);
  const result = await db()
    .transaction()
    .execute(async (trx) => {
      const done = async (outcome: CommentOutcome, notified: string[] = []) => {
        await mark(trx, outcome);
        return { outcome, notified };
      };
      const project = await trx
        .selectFrom("projects")
        .select(["id", "title", "ownerId"])
        .where("id", "=", projectId)
        .where("companyId", "=", member.companyId)
        .executeTakeFirst();
      if (!project) return done({ kind: "refused", reason: "The project is not the sender's company's, or no longer exists." });
      const seen = await trx.selectFrom("projectActivity").select("id").where("id", "=", id).executeTakeFirst();
      if (seen) return done({ kind: "duplicate" });
      const comment = fit(text);
      await recordActivity(
        trx,
        { id: member.id, name, side: "client" },
        { id, projectId, kind: "comment.email", subjectType: "project", subjectId: projectId, summary: `Comment by e-mail: ${comment}` },
        now,
      );
      await recordAudit(
        trx,
        member,
        {
          action: "project.comment",
          entity: "project",
          entityId: projectId,
          detail: { companyId: member.companyId, via: "email", inbound: id },
        },
        now,
      );
      const link = projectLink("staff", projectId);
      const known = await activeStaffAmong(trx, [project.ownerId], "clients");
      const notified = await notify(
        trx,
        known.length > 0 ? known : await staffIdsFor(trx, "clients"),
        {
          type: "client_reply",
          eventKey: `project-comment:${id}`,
          title: `${name} commented on ${project.title} by e-mail`,
          body: comment.slice(0, 280),
          link,
          actorName: name,
          mail: projectCommentMail({ name, projectTitle: project.title, text: comment, url: absoluteUrl(link) }, await brandIn(trx)),
          companyId: member.companyId,
        },
        { actorId: member.id, now },
      );
      return done({ kind: "added", projectId }, notified);
    });
  if (result.outcome.kind === "added") {
    projectChanged({ id: projectId, companyId: member.companyId });
    publishNotified(result.notified);
    notifyMailEnqueued();
  }
  return result.outcome;
}
