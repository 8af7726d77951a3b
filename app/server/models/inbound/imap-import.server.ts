import type { ImapFlow } from "imapflow";
import { logger } from "~/server/logger.server";
import { storeInbound } from "./inbound-messages.server";

// Decision 0100: one pass over the IMAP mailbox. Each unseen message's raw source is fetched
// (BODY.PEEK: fetching marks nothing), handed to the same storeInbound as the HTTP entry, and only
// once that has committed is it flagged \Seen (+ $AgencyImported where the server keeps keywords).
// A crash between the two leaves it unseen; the next pass fetches it again and storeInbound answers
// "duplicate" (its Message-ID, else its bytes' hash), so it is flagged and nothing is added.

/** The keyword that says "the app took this one" (for people reading the mailbox, and searches). */
export const IMPORTED_KEYWORD = "$AgencyImported";

/** The HTTP entry's limit (routes/resources/inbound-mail.server.ts; models import no route). */
const INBOUND_MAX_BYTES = 40 * 1024 * 1024;

/** Messages taken per pass; the poller starts another pass at once when more are waiting. */
const BATCH = 50;

export interface ImportPass {
  imported: number;
  duplicates: number;
  /** Too large for the store: left unseen in the mailbox for a person (logged once per process). */
  tooLarge: number;
  more: boolean;
}

const warnedTooLarge = new Set<string>();

/** Flags the server keeps on this mailbox: \Seen always, the keyword when PERMANENTFLAGS allows it. */
function doneFlags(client: ImapFlow): string[] {
  const permanent = client.mailbox ? client.mailbox.permanentFlags : undefined;
  const keywords = !permanent || permanent.has("\\*") || permanent.has(IMPORTED_KEYWORD);
  return keywords ? ["\\Seen", IMPORTED_KEYWORD] : ["\\Seen"];
}

export async function importUnseen(
  client: ImapFlow,
  mailbox: string,
  options: { onStored?: (id: string) => void; stopping?: () => boolean } = {},
): Promise<ImportPass> {
  const pass: ImportPass = { imported: 0, duplicates: 0, tooLarge: 0, more: false };
  const lock = await client.getMailboxLock(mailbox);
  try {
    const flags = doneFlags(client);
    const found = (await client.search({ seen: false, deleted: false }, { uid: true })) || [];
    const uids = found.sort((a, b) => a - b);
    const validity = String(client.mailbox ? client.mailbox.uidValidity : "");
    let taken = 0;
    for (const uid of uids) {
      if (options.stopping?.()) break;
      if (taken === BATCH) {
        pass.more = true;
        break;
      }
      const head = await client.fetchOne(String(uid), { size: true }, { uid: true });
      if (!head) continue;
      if ((head.size ?? 0) > INBOUND_MAX_BYTES) {
        pass.tooLarge += 1;
        const key = `${mailbox}/${validity}/${uid}`;
        if (!warnedTooLarge.has(key)) {
          warnedTooLarge.add(key);
          logger.warn({ uid, mailbox, size: head.size }, "inbound IMAP: a message over 40 MB is left unread in the mailbox");
        }
        continue;
      }
      taken += 1;
      const message = await client.fetchOne(String(uid), { source: true }, { uid: true });
      if (!message || !message.source) continue;
      const stored = await storeInbound(message.source);
      if (stored.duplicate) pass.duplicates += 1;
      else {
        pass.imported += 1;
        options.onStored?.(stored.id);
      }
      // Only now: had the process died before this line, the next pass would find it unseen again.
      await client.messageFlagsAdd(String(uid), flags, { uid: true });
    }
  } finally {
    lock.release();
  }
  return pass;
}
