import { newId } from "~/lib/ids";
import type { NotificationType } from "~/lib/notification-types";
import { AREA_ROLES, type ConsoleArea } from "~/lib/staff-roles";
import { events } from "~/server/events/bus.server";
import { queueNotificationMails, type MailThread } from "./mail.server";
import type { MailContent, PlacedMail } from "~/server/mail/templates.server";
import type { Executor } from "~/server/db/db.server";
import { withoutUnassigned } from "../shared/company-scope.server";

// Decision 0041: the one way an event reaches people. Every writer calls
// `notify` inside the transaction of the change it announces, so there is no event without its
// notifications and no notification without its event; the (user, event key) pair is unique, so a
// retried action or a second instance writes nothing twice. After the commit, call
// `publishNotified(userIds)` so open bells update live.

export interface NewNotification {
  type: NotificationType;
  /** Stable per event and distinct across events, e.g. `complaint-reply:{replyId}`. ≤ 200 chars. */
  eventKey: string;
  /** One plain sentence, e.g. `Ada replied to "Login fails"`. */
  title: string;
  body?: string;
  /** An app path built by `~/lib/links`, e.g. `complaintLink("staff", id)`. */
  link: string;
  actorName?: string | null;
  /**
   * The mail that tells of the event (a template of app/server/mail/), queued in the same
   * transaction. Each recipient's e-mail preference for the type decides whether it goes now, in
   * their daily digest or not at all (decision 0046); without it no mail is queued.
   */
  mail?: MailContent | PlacedMail;
  /**
   * One recipient's own version of the mail when it goes at once (links that act for that person
   * only, decision 0099), written in the same transaction; the digest keeps the shared `mail`.
   */
  mailFor?: (executor: Executor, userId: string) => Promise<MailContent>;
  /** A mail the recipient may answer by e-mail: about a support request (decision 0096) or a project (0101). */
  thread?: MailThread;
  /**
   * The company the event is about (decision 0105): staff limited to their assigned companies hear
   * of it only when assigned to it, and their list shows it only while they are. Leave it out only
   * for what is nobody's company (a new lead, an application).
   */
  companyId?: string | null;
}

/**
 * Writes one notification per recipient (the actor themself is left out) and queues its mail.
 * Returns who got one; call `notifyMailEnqueued()` and `publishNotified()` after the commit.
 */
export async function notify(
  executor: Executor,
  recipients: readonly string[],
  notification: NewNotification,
  options: { actorId?: string | null; now?: number } = {},
): Promise<string[]> {
  const now = options.now ?? Date.now();
  const everyone = [...new Set(recipients)].filter((id) => id !== options.actorId);
  const userIds = notification.companyId ? await withoutUnassigned(executor, everyone, notification.companyId) : everyone;
  if (userIds.length === 0) return [];
  if (!notification.link.startsWith("/") || notification.link.startsWith("//"))
    throw new RangeError("notification.link must be an app path");
  const inserted = await executor
    .insertInto("notifications")
    .values(
      userIds.map((userId) => ({
        id: newId(),
        userId,
        type: notification.type,
        eventKey: notification.eventKey,
        title: notification.title,
        body: notification.body ?? "",
        link: notification.link,
        actorName: notification.actorName ?? null,
        companyId: notification.companyId ?? null,
        createdAt: now,
        readAt: null,
      })),
    )
    .onConflict((oc) => oc.columns(["userId", "eventKey"]).doNothing())
    .returning(["id", "userId"])
    .execute();
  if (notification.mail && inserted.length > 0)
    await queueNotificationMails(executor, inserted, notification.type, notification.mail, now, {
      mailFor: notification.mailFor,
      thread: notification.thread,
    });
  return inserted.map((row) => row.userId);
}

/** Every member of a company (clients only): who hears of its projects and requests. */
export async function companyMemberIds(executor: Executor, companyId: string): Promise<string[]> {
  const rows = await executor.selectFrom("users").select("id").where("companyId", "=", companyId).where("role", "=", "client").execute();
  return rows.map((row) => row.id);
}

/** Active staff whose role may use a console area (app/lib/staff-roles.ts), e.g. "support". */
export async function staffIdsFor(executor: Executor, area: ConsoleArea): Promise<string[]> {
  const rows = await executor
    .selectFrom("users")
    .select("id")
    .where("role", "=", "employee")
    .where("staffDisabledAt", "is", null)
    .where("staffRole", "in", [...AREA_ROLES[area]])
    .execute();
  return rows.map((row) => row.id);
}

/** After the commit: every instance tells these people's open pages that their bell changed. */
export function publishNotified(userIds: readonly string[]): void {
  for (const userId of new Set(userIds)) events().publish({ type: "notification.changed", userId });
}
