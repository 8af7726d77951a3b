import { brandIn } from "~/server/brand/brand.server";
import type { Trx } from "~/server/db/db.server";
import { absoluteUrl } from "~/server/env.server";
import { refusedFilesMail } from "~/server/mail/inbound-mails.server";
import { enqueueMail } from "~/server/mail/outbox.server";

// Decision 0101: when files of a routed message were refused, its sender (a member, at their
// account address) is told once, through the outbox, in the transaction that routed it. The key
// names the message, so a message routed twice queues one notice.

export async function queueRefusedNotice(
  trx: Trx,
  notice: { inboundId: string; to: string; files: ReadonlyArray<{ name: string; reason: string }>; where: string; link: string },
  now = Date.now(),
): Promise<void> {
  if (notice.files.length === 0) return;
  const mail = refusedFilesMail({ files: notice.files, where: notice.where, url: absoluteUrl(notice.link) }, await brandIn(trx));
  await enqueueMail(trx, { to: notice.to, ...mail, idempotencyKey: `inbound-refused:${notice.inboundId}` }, now);
}
