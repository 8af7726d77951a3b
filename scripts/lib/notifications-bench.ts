// The notification figures for `npm run bench`: with 10,000 notifications for one person,
// the unread count and "mark all as read" each take < 5 ms of server time. Measured as the model
// calls themselves (app/server/models/notifications/reads.server.ts), timed in this process around
// each call, on the database given in DATABASE_URL: the bench's SQLite file, then
// (TEST_DATABASE_URL) a throw-away PostgreSQL schema. Every round starts from 10,000 unread.
// Prints one JSON line: { dialect, rows, rounds, count, markAll, statement, commit }, each {p50, p95, max}.
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { closeDb, currentDialect, db, migrateToLatest } from "../../app/server/db/db.server";
import { summary, withBenchDatabase } from "./bench-database";
import { markAllNotificationsRead, moveReadMark, UNREAD_CAP, unreadCount } from "../../app/server/models/notifications/reads.server";

const ROWS = 10_000;
const ROUNDS = Number(process.env.BENCH_NOTIFICATION_ROUNDS ?? 200);
const WARMUP = 5;

async function seed(userId: string): Promise<void> {
  const now = Date.now();
  await db()
    .insertInto("users")
    .values({
      id: userId,
      name: "Bench Reader",
      email: `${userId}@example.com`,
      emailVerified: currentDialect() === "sqlite" ? 1 : true,
      image: null,
      role: "client",
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    })
    .execute();
  for (let start = 0; start < ROWS; start += 500) {
    const rows = Array.from({ length: 500 }, (_, i) => ({
      id: `${userId}-${start + i}`,
      userId,
      type: "progress_change",
      eventKey: `bench:${start + i}`,
      title: `Progress ${start + i}`,
      body: "",
      link: "/user-dashboard/projects",
      actorName: null,
      createdAt: now - (ROWS - start - i) * 1000,
      readAt: null,
    }));
    await db().insertInto("notifications").values(rows).execute();
  }
  if (currentDialect() === "postgres") await sql`analyze notifications`.execute(db());
}

async function main(): Promise<void> {
  const result = await withBenchDatabase(async () => {
    await migrateToLatest();
    const userId = `bench-${randomBytes(4).toString("hex")}`;
    await seed(userId);
    const countMs: number[] = [];
    const markAllMs: number[] = [];
    // Where mark all's time goes: the same statement in an explicit transaction, timed apart from
    // its begin + commit (the commit waits for the disk's flush: that is the durable part).
    const statementMs: number[] = [];
    const commitMs: number[] = [];
    for (let round = 0; round < WARMUP + ROUNDS; round++) {
      // Every round starts from 10,000 unread: the worst case of both calls.
      await db().deleteFrom("notificationReadMarks").where("userId", "=", userId).execute();
      let t = performance.now();
      const unread = await unreadCount({ userId });
      countMs.push(performance.now() - t);
      if (unread !== UNREAD_CAP + 1) throw new Error(`unread count ${unread}, expected ${UNREAD_CAP + 1} ("99+")`);
      t = performance.now();
      const marked = await markAllNotificationsRead({ userId });
      markAllMs.push(performance.now() - t);
      if (!marked || (await unreadCount({ userId })) !== 0) throw new Error("mark all as read left notifications unread");
      await db().deleteFrom("notificationReadMarks").where("userId", "=", userId).execute();
      let statement = 0;
      t = performance.now();
      await db()
        .transaction()
        .execute(async (trx) => {
          const began = performance.now();
          await moveReadMark(trx, userId, Date.now());
          statement = performance.now() - began;
        });
      statementMs.push(statement);
      commitMs.push(performance.now() - t - statement);
    }
    const dialect = currentDialect();
    await db().deleteFrom("notificationReadMarks").where("userId", "=", userId).execute();
    await db().deleteFrom("notifications").where("userId", "=", userId).execute();
    await db().deleteFrom("users").where("id", "=", userId).execute();
    return {
      dialect,
      rows: ROWS,
      rounds: ROUNDS,
      count: summary(countMs.slice(WARMUP)),
      markAll: summary(markAllMs.slice(WARMUP)),
      statement: summary(statementMs.slice(WARMUP)),
      commit: summary(commitMs.slice(WARMUP)),
    };
  });
  await closeDb();
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

await main();
