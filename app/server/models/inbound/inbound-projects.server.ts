import { projectLink } from "~/lib/links";
import { db } from "~/server/db/db.server";
import type { InboundMail } from "~/server/mail/inbound-parse.server";
import { addEmailComment, type CommentOutcome } from "../projects/project-email-comments.server";
import { recordOutcome, type Outcome } from "./inbound-messages.server";
import { queueRefusedNotice } from "./inbound-refused-notice.server";
import { memberByAddress } from "./inbound-threads.server";

// Decision 0101: a reply to a project or approval mail (its token, or the Message-ID it answers)
// becomes a comment on that project's timeline, when its sender is a member of the project's
// company; anyone else's is held, as for a request. Attachments are not taken onto a project by
// mail (project files have their own upload and review); they are listed as refused.

const NOT_TAKEN = "Files sent by e-mail to a project are not taken; share them on the project's Files tab.";

export async function routeProjectReply(id: string, mail: InboundMail & { from: string }, projectId: string): Promise<Outcome | null> {
  const project = await db().selectFrom("projects").select(["id", "companyId"]).where("id", "=", projectId).executeTakeFirst();
  if (!project?.companyId) return { status: "held", reason: "The project it answers no longer exists." };
  const member = await memberByAddress(mail.from, project.companyId);
  if (!member) return { status: "held", reason: "The sender is not a member of the project's company." };
  if (!mail.text) return { status: "held", reason: "The message has no text." };
  const refused = mail.attachments.map((file) => ({ name: file.filename ?? "attachment", reason: NOT_TAKEN }));
  await addEmailComment({
    id,
    projectId,
    member,
    text: mail.text,
    mark: async (trx, outcome) => {
      await recordOutcome(trx, id, outcomeOf(id, projectId, outcome, refused));
      if (outcome.kind === "added")
        await queueRefusedNotice(trx, {
          inboundId: id,
          to: member.email,
          files: refused,
          where: "your project",
          link: projectLink("client", projectId),
        });
    },
  });
  return null; // written by `mark`
}

function outcomeOf(id: string, projectId: string, outcome: CommentOutcome, refused: Outcome["refusedFiles"]): Outcome {
  if (outcome.kind === "refused") return { status: "held", reason: outcome.reason, refusedFiles: refused };
  if (outcome.kind === "duplicate") return { status: "routed", reason: "Already routed.", routedKind: "comment", projectId };
  return { status: "routed", reason: null, routedKind: "comment", routedId: id, projectId, refusedFiles: refused };
}
