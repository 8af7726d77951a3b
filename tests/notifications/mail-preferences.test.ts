import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { DEMO_BRAND } from "~/lib/brand";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/account/unsubscribe";
import { action as portalPreferencesAction } from "~/routes/portal/notification-preferences";
import { queuePasswordResetMail } from "~/server/auth/auth-mail.server";
import { createDb, db } from "~/server/db/db.server";
import { isSameOrigin } from "~/server/http/origin-check.server";
import { createSmtpTransport } from "~/server/mail/mailer.server";
import { composeMail } from "~/server/mail/templates.server";
import { readUnsubscribeToken, unsubscribeToken } from "~/server/mail/unsubscribe-token.server";
import { startMailWorker } from "~/server/mail/worker.server";
import { queueDueDigests } from "~/server/models/notifications/digests.server";
import { getMailPreferences, saveMailPreferences } from "~/server/models/notifications/preferences.server";
import { notify, type NewNotification } from "~/server/models/notifications/notifications.server";
import type { NotificationType } from "~/lib/notification-types";
import { CLIENT_NOTIFICATION_TYPES } from "~/lib/notification-types";
import { signInStaff, signUp, type TestUser } from "../helpers/accounts";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { call } from "../helpers/routes";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp";

const APP_URL = "https://agency.example";
const FROM = "Indigo Kite Technologies <no-reply@indigokite.dev>";

function event(type: NotificationType, key: string, title = `Event ${key}`): NewNotification {
  return {
    type,
    eventKey: key,
    title,
    link: "/user-dashboard/support",
    mail: composeMail({ subject: title, heading: title, blocks: ["Something happened."] }, DEMO_BRAND),
  };
}

async function tell(userIds: string[], notification: NewNotification, now = Date.now()) {
  return db()
    .transaction()
    .execute((trx) => notify(trx, userIds, notification, { now }));
}

const outbox = () => db().selectFrom("mailOutbox").selectAll().orderBy("createdAt").orderBy("idempotencyKey").execute();
const everyTypeOff = Object.fromEntries(CLIENT_NOTIFICATION_TYPES.map((type) => [type, "off" as const]));
const unsubscribePath = (token: string) => `/unsubscribe?token=${token}`;
const tokenIn = (header: string | undefined) => /token=([^>\s]+)>/.exec(header ?? "")?.[1] ?? "";

describe.each(testDatabases("mail preferences"))("E-mail preferences on $name", (database) => {
  let cleanup: () => Promise<void>;
  let smtp: TestSmtpServer;
  let client: TestUser;
  let other: TestUser;
  let staff: TestUser;

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { APP_URL }));
    smtp = await startSmtpServer();
    staff = await signInStaff("ada.admin@indigokite.dev", { name: "Ada" });
    client = await signUp("carla@example.com", "Carla");
    other = await signUp("olga@example.com", "Olga");
  }, 60_000);

  afterAll(async () => {
    await smtp?.stop();
    await cleanup();
  });

  beforeEach(async () => {
    await clearTables("mailOutbox", "notifications", "notificationPreferences", "digestSchedules");
    smtp.messages.length = 0;
  });

  async function deliver() {
    const worker = startMailWorker({ transport: createSmtpTransport(smtp.url), from: FROM, poll: false });
    try {
      return await worker.runOnce(Date.now() + 1_000);
    } finally {
      await worker.stop();
    }
  }

  test("Without saved choices clients get every mail at once, and staff get new requests at once but new leads in the digest", async () => {
    expect(Object.values((await getMailPreferences({ id: client.id, role: "client" })).choices).every((c) => c === "immediately")).toBe(
      true,
    );
    const staffChoices = (await getMailPreferences({ id: staff.id, role: "employee" })).choices;
    expect(staffChoices).toMatchObject({
      new_request: "immediately",
      client_reply: "immediately",
      new_lead: "digest",
      new_application: "digest",
    });
  });

  test("An immediate notification mail arrives with RFC 8058 headers and a visible link, and the one-click POST turns its type off", async () => {
    await tell([client.id], event("staff_reply", "reply-1", "Ada replied to “Login fails”"));
    expect(await deliver()).toBe(1);
    const mail = smtp.messages[0]!;
    expect(mail.to).toEqual(["carla@example.com"]);
    const listUnsubscribe = mail.headers.get("list-unsubscribe");
    expect(listUnsubscribe).toMatch(new RegExp(`^<${APP_URL}/unsubscribe\\?token=[\\w-]+\\.[\\w-]+>$`));
    expect(mail.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const token = tokenIn(listUnsubscribe);
    expect(readUnsubscribeToken(token)).toEqual({ userId: client.id, scope: "staff_reply" });
    expect(mail.raw).toContain("Unsubscribe");
    expect(mail.raw.replace(/=\r?\n/g, "")).toContain(`/unsubscribe?token=3D${token}`);

    // What a mail provider sends: a POST without Origin, cookie or CSRF token. Our origin check lets it through.
    const oneClick = new Request(`${APP_URL}/unsubscribe?token=${token}`, {
      method: "POST",
      body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }),
    });
    expect(isSameOrigin(oneClick)).toBe(true);
    const reply = await call(unsubscribeAction, unsubscribePath(token), { form: { "List-Unsubscribe": "One-Click" } });
    expect(reply.status).toBe(200);
    expect(reply.data).toMatchObject({ state: "done", labels: ["Replies from the team"] });
    expect((await getMailPreferences({ id: client.id, role: "client" })).choices).toMatchObject({
      staff_reply: "off",
      status_change: "immediately",
    });

    // The next reply sends nothing; another type still does.
    await tell([client.id], event("staff_reply", "reply-2"));
    await tell([client.id], event("status_change", "status-1"));
    expect((await outbox()).filter((row) => row.status === "pending").map((row) => row.subject)).toEqual(["Event status-1"]);
  });

  test("Opening an unsubscribe link only shows what it would stop; nothing changes until the POST", async () => {
    const token = unsubscribeToken({ userId: client.id, scope: "file_shared" });
    const page = await call(unsubscribeLoader, unsubscribePath(token));
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ state: "confirm", labels: ["Files shared"], email: "c•••@example.com" });
    expect((await getMailPreferences({ id: client.id, role: "client" })).choices.file_shared).toBe("immediately");
    const again = await call(unsubscribeAction, "/unsubscribe", { form: { token } });
    expect(again.data).toMatchObject({ state: "done" });
    expect((await call(unsubscribeAction, "/unsubscribe", { form: { token } })).data).toMatchObject({ state: "unchanged" });
  });

  test("Tampered, foreign, unknown and malformed unsubscribe links answer 400, say so, and change nothing", async () => {
    const good = unsubscribeToken({ userId: client.id, scope: "staff_reply" });
    const [payload, mac] = good.split(".");
    // Another user's id put into a genuine token: the signature no longer matches.
    const foreign = `${Buffer.from(`1:${other.id}:staff_reply`).toString("base64url")}.${mac}`;
    const otherType = `${Buffer.from(`1:${client.id}:status_change`).toString("base64url")}.${mac}`;
    const flipped = `${payload}.${mac!.slice(0, -2)}${mac!.endsWith("AA") ? "BB" : "AA"}`;
    const unknownUser = unsubscribeToken({ userId: "nobody-at-all", scope: "staff_reply" });
    // A staff-only type on a client: no such preference to turn off.
    const wrongAudience = unsubscribeToken({ userId: client.id, scope: "new_lead" });
    for (const token of [foreign, otherType, flipped, unknownUser, wrongAudience, "", "abc", `${good}.x`, "%%%"]) {
      for (const fn of [unsubscribeLoader, unsubscribeAction] as const) {
        const reply = await call(
          fn,
          unsubscribePath(encodeURIComponent(token)),
          fn === unsubscribeAction ? { form: { "List-Unsubscribe": "One-Click" } } : {},
        );
        expect(reply.status, `${token} ${fn === unsubscribeAction ? "POST" : "GET"}`).toBe(400);
        expect(reply.data).toMatchObject({ state: "invalid", message: expect.stringContaining("Nothing was changed") });
      }
    }
    expect(await db().selectFrom("notificationPreferences").selectAll().execute()).toEqual([]);
    // A bare /unsubscribe (or the page reloaded after a post whose token was in the body) explains itself.
    expect(await call(unsubscribeLoader, "/unsubscribe")).toMatchObject({ status: 200, data: { state: "missing" } });
  });

  test("A link whose last character is changed is refused, even where base64url decoding would ignore the change", () => {
    // A 32-byte MAC is 43 base64url characters; the last one carries two padding bits that a
    // lenient decoder drops, so "…A" and "…B" decode to the same bytes. The link must still fail.
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    for (let i = 0; i < 8; i++) {
      const good = unsubscribeToken({ userId: `${client.id}${"x".repeat(i)}`, scope: "staff_reply" });
      const [payload, mac] = good.split(".") as [string, string];
      for (const c of alphabet) {
        if (!mac.endsWith(c)) expect(readUnsubscribeToken(`${payload}.${mac.slice(0, -1)}${c}`), `mac …${c}`).toBeNull();
        if (!payload.endsWith(c)) expect(readUnsubscribeToken(`${payload.slice(0, -1)}${c}.${mac}`), `payload …${c}`).toBeNull();
      }
    }
  });

  test("A person with every notification off still gets a password reset mail", async () => {
    await saveMailPreferences({ id: client.id, role: "client" }, { choices: everyTypeOff, digestHour: 9, timeZone: "UTC" });
    await tell([client.id], event("staff_reply", "reply-off"));
    expect(await outbox()).toEqual([]);
    await queuePasswordResetMail({ id: client.id, email: client.email, emailVerified: true }, "reset-token-1");
    expect(await deliver()).toBe(1);
    expect(smtp.messages.map((m) => [m.to[0], m.subject])).toEqual([["carla@example.com", "Reset your password"]]);
    // Security mails carry no unsubscribe: they cannot be turned off.
    expect(smtp.messages[0]!.headers.has("list-unsubscribe")).toBe(false);
  });

  test("An unverified address gets no notification mail, whatever its preferences", async () => {
    const unverified = await signUp("ursula@example.com", "Ursula", { verified: false });
    await db().deleteFrom("mailOutbox").execute();
    await tell([unverified.id], event("staff_reply", "reply-unverified"));
    expect(await outbox()).toEqual([]);
  });

  test("A failing preference form keeps the values, says why, and saves nothing", async () => {
    const form = {
      intent: "save-preferences",
      ...Object.fromEntries(CLIENT_NOTIFICATION_TYPES.map((type) => [`choices.${type}`, type === "file_shared" ? "digest" : "off"])),
      digestHour: "7",
      timeZone: "Mars/Olympus_Mons",
    };
    const reply = await call(portalPreferencesAction, "/user-dashboard/notifications/preferences", {
      cookie: client.cookie,
      form,
      headers: { Origin: "http://localhost" },
    });
    expect(reply.status).toBe(400);
    const result = reply.data?.result as { initialValue: Record<string, unknown>; error: Record<string, string[]> };
    expect(result.error.timeZone?.[0]).toMatch(/Unknown time zone/);
    expect(result.initialValue).toMatchObject({
      digestHour: "7",
      timeZone: "Mars/Olympus_Mons",
      choices: { file_shared: "digest", staff_reply: "off" },
    });
    expect(await db().selectFrom("notificationPreferences").selectAll().execute()).toEqual([]);
    expect(await db().selectFrom("digestSchedules").selectAll().execute()).toEqual([]);

    const saved = await call(portalPreferencesAction, "/user-dashboard/notifications/preferences", {
      cookie: client.cookie,
      form: { ...form, timeZone: "Europe/Berlin" },
    });
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({ status: "success", message: "Your e-mail preferences are saved." });
    expect(await getMailPreferences({ id: client.id, role: "client" })).toMatchObject({
      digestHour: 7,
      timeZone: "Europe/Berlin",
      choices: { file_shared: "digest", staff_reply: "off" },
    });
  });

  describe("Daily digest", () => {
    // Carla's digest goes at 09:00 in New York; 2026-03-08 is the day the clocks go forward there.
    const newYork = { digestHour: 9, timeZone: "America/New_York" };
    const at = (iso: string) => Date.parse(iso);
    const digestPrefs = Object.fromEntries(
      CLIENT_NOTIFICATION_TYPES.map((type) => [type, type === "status_change" ? ("immediately" as const) : ("digest" as const)]),
    );

    beforeEach(async () => {
      await saveMailPreferences({ id: client.id, role: "client" }, { choices: digestPrefs, ...newYork });
    });

    const digests = async () => (await outbox()).filter((row) => row.idempotencyKey.startsWith("digest:"));

    test("A digest-type mail waits in the outbox; nothing goes before the hour in the person's zone, then one digest, once", async () => {
      await tell([client.id], event("staff_reply", "d-1", "Ada replied"), at("2026-03-07T20:00:00Z"));
      await tell([client.id], event("file_shared", "d-2", "Ada shared a file"), at("2026-03-08T02:00:00Z"));
      const held = await outbox();
      expect(held.map((row) => row.status)).toEqual(["digest", "digest"]);
      // 08:59 EDT (12:59 UTC): still yesterday's slot, when neither existed.
      expect(await queueDueDigests(at("2026-03-08T12:59:00Z"))).toBe(0);
      // 09:00 EDT is 13:00 UTC on this day (it was 14:00 UTC the day before).
      expect(await queueDueDigests(at("2026-03-08T13:00:00Z"))).toBe(1);
      expect(await queueDueDigests(at("2026-03-08T13:05:00Z"))).toBe(0);
      const [digest] = await digests();
      expect(digest).toMatchObject({
        idempotencyKey: `digest:${client.id}:2026-03-08`,
        toAddress: "carla@example.com",
        subject: "Your daily digest: 2 updates",
        status: "pending",
      });
      expect(digest!.textBody).toContain("Ada replied");
      expect(digest!.textBody).toContain("Ada shared a file");
      expect(JSON.parse(digest!.headers!)).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
      expect((await outbox()).filter((row) => row.status === "digested").every((row) => row.digestKey === digest!.idempotencyKey)).toBe(
        true,
      );

      expect(await deliver()).toBe(1);
      expect(smtp.messages[0]!.headers.get("list-unsubscribe")).toContain("/unsubscribe?token=");
      expect(readUnsubscribeToken(tokenIn(smtp.messages[0]!.headers.get("list-unsubscribe")))).toEqual({
        userId: client.id,
        scope: "digest",
      });
    });

    test("A mail held after today's hour waits for tomorrow's digest, and an empty day sends nothing", async () => {
      expect(await queueDueDigests(at("2026-03-09T13:30:00Z"))).toBe(0);
      await tell([client.id], event("staff_reply", "late", "Late reply"), at("2026-03-09T14:00:00Z"));
      expect(await queueDueDigests(at("2026-03-09T15:00:00Z"))).toBe(0);
      expect(await queueDueDigests(at("2026-03-10T12:59:00Z"))).toBe(0);
      expect(await queueDueDigests(at("2026-03-10T13:00:00Z"))).toBe(1);
      expect((await digests()).map((row) => row.idempotencyKey)).toEqual([`digest:${client.id}:2026-03-10`]);
    });

    test("On the autumn day whose clock shows 01:00 twice, a digest at 01:00 goes once", async () => {
      await saveMailPreferences({ id: client.id, role: "client" }, { choices: digestPrefs, digestHour: 1, timeZone: "America/New_York" });
      await tell([client.id], event("staff_reply", "fall-1"), at("2026-10-31T20:00:00Z"));
      // 01:00 EDT = 05:00 UTC; 01:00 EST (the second time) = 06:00 UTC.
      expect(await queueDueDigests(at("2026-11-01T04:59:00Z"))).toBe(0);
      expect(await queueDueDigests(at("2026-11-01T05:00:00Z"))).toBe(1);
      await tell([client.id], event("staff_reply", "fall-2"), at("2026-11-01T05:30:00Z"));
      expect(await queueDueDigests(at("2026-11-01T06:30:00Z"))).toBe(0);
      expect((await digests()).length).toBe(1);
    });

    test("On the spring day the clock skips the chosen hour, the digest goes when the clock jumps past it", async () => {
      await saveMailPreferences({ id: client.id, role: "client" }, { choices: digestPrefs, digestHour: 2, timeZone: "Europe/Berlin" });
      await tell([client.id], event("staff_reply", "spring-1"), at("2026-03-28T20:00:00Z"));
      expect(await queueDueDigests(at("2026-03-29T00:59:00Z"))).toBe(0);
      // 01:00 UTC: Berlin's clock jumps from 02:00 CET to 03:00 CEST.
      expect(await queueDueDigests(at("2026-03-29T01:00:00Z"))).toBe(1);
    });

    test("A type turned off while its mail waited is left out of the digest", async () => {
      await tell([client.id], event("staff_reply", "x-1", "Reply kept"), at("2026-03-07T20:00:00Z"));
      await tell([client.id], event("file_shared", "x-2", "File dropped"), at("2026-03-07T20:00:00Z"));
      const token = unsubscribeToken({ userId: client.id, scope: "file_shared" });
      expect((await call(unsubscribeAction, unsubscribePath(token), { form: { "List-Unsubscribe": "One-Click" } })).status).toBe(200);
      expect(await queueDueDigests(at("2026-03-08T13:00:00Z"))).toBe(1);
      const [digest] = await digests();
      expect(digest!.subject).toBe("Your daily digest: 1 update");
      expect(digest!.textBody).toContain("Reply kept");
      expect(digest!.textBody).not.toContain("File dropped");
    });

    test("Two instances racing over the same database queue one digest, and every held mail is in it", async () => {
      for (let i = 0; i < 5; i++) await tell([client.id], event("staff_reply", `race-${i}`), at("2026-03-07T20:00:00Z"));
      const url = process.env.DATABASE_URL!;
      const instances = [createDb(url), createDb(url)];
      try {
        const now = at("2026-03-08T13:00:00Z");
        const results = await Promise.all([
          ...instances.map((instance) => queueDueDigests(now, instance)),
          queueDueDigests(now, instances[0]),
          queueDueDigests(now, instances[1]),
        ]);
        expect(results.reduce((a, b) => a + b, 0)).toBe(1);
      } finally {
        await Promise.all(instances.map((instance) => instance.destroy()));
      }
      expect((await digests()).length).toBe(1);
      const rows = await outbox();
      expect(rows.filter((row) => row.status === "digested").length).toBe(5);
      expect(rows.filter((row) => row.status === "digest").length).toBe(0);
      expect(await deliver()).toBe(1);
      expect(smtp.messages.length).toBe(1);
    });
  });
});
