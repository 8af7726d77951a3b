import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { DEFAULT_PLACE, TIME_ZONE_COOKIE, type Place } from "~/lib/place";
import * as rootRoute from "~/root";
import * as timeZoneRoute from "~/routes/account/time-zone";
import * as placeRoute from "~/routes/console/place";
import { forgetPlace, getPlace, placeForRecipient, userTimeZone } from "~/server/brand/locale.server";
import { db } from "~/server/db/db.server";
import { events } from "~/server/events/bus.server";
import { signInStaff, signUp, type TestUser } from "../helpers/accounts";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { call } from "../helpers/routes";

// Settings → Time and place (the agency's zone, locale, currency) and each person's own zone.

const SAME_ORIGIN = { Origin: "http://localhost", Host: "localhost" };
const PLACE_PATH = "/employee-dashboard/settings/place";

describe.each(testDatabases("time and place"))("Time and place on $name", (database) => {
  let cleanup: () => Promise<void>;
  let admin: TestUser;
  let sales: TestUser;
  let client: TestUser;

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
    admin = await signInStaff("priya@indigokite.dev", { name: "Priya Sharma" });
    sales = await signInStaff("sam@indigokite.dev", { staffRole: "sales" });
    client = await signUp("asha@example.com", "Asha Rao");
  });
  afterAll(async () => cleanup());
  beforeEach(async () => {
    await clearTables("auditLog");
    await db().deleteFrom("appSettings").where("key", "like", "locale.%").execute();
    await db().updateTable("users").set({ timeZone: null }).execute();
    forgetPlace();
  });

  const load = async (who: TestUser) => {
    const page = await call(placeRoute.loader, PLACE_PATH, { cookie: who.cookie });
    return page.data as unknown as { place: { timeZone: string; locale: string; currency: string }; version: number; zones: string[] };
  };
  const save = (who: TestUser, form: Record<string, string>) =>
    call(placeRoute.action, PLACE_PATH, { cookie: who.cookie, form: { intent: "save-place", ...form }, headers: SAME_ORIGIN });

  test("Without settings the agency is in UTC, writes en-GB and counts in INR, as the product did before", async () => {
    expect(await getPlace()).toEqual({ timeZone: "UTC", locale: "en-GB", currency: "INR" });
    const page = await load(admin);
    expect(page.version).toBe(0);
    expect(page.zones).toContain("Europe/Berlin");
  });

  test("An admin saves the zone, locale and currency: audited per field, canonical spelling, announced as site.changed", async () => {
    const heard: string[] = [];
    const stop = events().subscribe((event) => heard.push(event.type));
    const { version } = await load(admin);
    const saved = await save(admin, { version: String(version), timeZone: "Asia/Kolkata", locale: "en-in", currency: "inr" });
    stop();
    expect(saved).toMatchObject({ status: 200, data: { status: "success" } });
    expect(await getPlace()).toEqual({ timeZone: "Asia/Kolkata", locale: "en-IN", currency: "INR" });
    expect(heard).toContain("site.changed");
    const audits = await db().selectFrom("auditLog").select(["entityId", "detail", "actorId"]).orderBy("entityId").execute();
    expect(audits.map((a) => [a.entityId, JSON.parse(a.detail), a.actorId])).toEqual([
      ["locale.locale", { from: "en-GB", to: "en-IN" }, admin.id],
      ["locale.timeZone", { from: "UTC", to: "Asia/Kolkata" }, admin.id],
    ]);
  });

  test("A zone, locale or currency the runtime does not know is refused beside its field, and nothing changes", async () => {
    const { version } = await load(admin);
    for (const [field, form] of [
      ["timeZone", { timeZone: "Mars/Olympus", locale: "en-GB", currency: "INR" }],
      ["locale", { timeZone: "UTC", locale: "not a locale", currency: "INR" }],
      ["currency", { timeZone: "UTC", locale: "en-GB", currency: "XYZ1" }],
    ] as const) {
      const refused = await save(admin, { version: String(version), ...form });
      expect(refused.status).toBe(400);
      const result = refused.data?.result as { error?: Record<string, string[]> };
      expect(result.error?.[field]?.[0]).toMatch(/this server knows/);
    }
    expect(await getPlace()).toEqual({ timeZone: "UTC", locale: "en-GB", currency: "INR" });
    expect(await db().selectFrom("auditLog").select("id").execute()).toHaveLength(0);
  });

  test("A save over someone else's newer one is refused with a conflict, and theirs stands", async () => {
    const { version } = await load(admin);
    expect((await save(admin, { version: String(version), timeZone: "Europe/Berlin", locale: "de-DE", currency: "EUR" })).status).toBe(200);
    const stale = await save(admin, { version: String(version), timeZone: "America/New_York", locale: "en-US", currency: "USD" });
    expect(stale.status).toBe(409);
    expect(stale.data?.message).toMatch(/Someone else changed these settings/);
    expect(await getPlace()).toEqual({ timeZone: "Europe/Berlin", locale: "de-DE", currency: "EUR" });
  });

  test("Only an admin may see or save Time and place; a guest is sent to sign in", async () => {
    expect((await call(placeRoute.loader, PLACE_PATH, { cookie: sales.cookie })).status).toBe(403);
    expect((await call(placeRoute.loader, PLACE_PATH, { cookie: client.cookie })).status).not.toBe(200);
    expect((await call(placeRoute.loader, PLACE_PATH)).status).toBe(302);
    const refused = await save(sales, { version: "0", timeZone: "Asia/Kolkata", locale: "en-IN", currency: "INR" });
    expect(refused.status).toBe(403);
    expect(await getPlace()).toEqual({ timeZone: "UTC", locale: "en-GB", currency: "INR" });
  });

  test("A signed-in person's zone comes from their browser on first visit and never overrides one they chose", async () => {
    // The place the root loader sends (left out when it is the defaults), in the viewer's zone.
    const placeOf = (data: unknown): Place => (data as { place?: Place } | undefined)?.place ?? DEFAULT_PLACE;
    const root = async (who: TestUser, zone?: string) =>
      placeOf(
        (
          await call(rootRoute.loader, "/user-dashboard", {
            cookie: `${who.cookie}${zone ? `; ${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}` : ""}`,
          })
        ).data,
      );
    // No browser zone (no JavaScript): the agency's, and nothing stored.
    expect(await root(client)).toEqual({ timeZone: "UTC", locale: "en-GB", currency: "INR" });
    expect(await userTimeZone(client.id)).toBeNull();
    // A nonsense cookie is ignored.
    expect((await root(client, "Nowhere/Special")).timeZone).toBe("UTC");
    // The browser's zone is used and kept.
    expect((await root(client, "America/New_York")).timeZone).toBe("America/New_York");
    expect(await userTimeZone(client.id)).toBe("America/New_York");
    // Chosen on the account page; a later browser in another zone does not move it.
    const chosen = await call(timeZoneRoute.action, "/account/time-zone", {
      cookie: client.cookie,
      form: { intent: "save-time-zone", timeZone: "Asia/Tokyo" },
      headers: SAME_ORIGIN,
    });
    expect(chosen).toMatchObject({ status: 302, location: "/user-dashboard/settings?notice=time-zone-saved" });
    expect((await root(client, "Europe/Berlin")).timeZone).toBe("Asia/Tokyo");
    // A guest sees the agency's zone whatever their browser says.
    const guest = await call(rootRoute.loader, "/", { cookie: `${TIME_ZONE_COOKIE}=Europe/Berlin` });
    expect(placeOf(guest.data).timeZone).toBe("UTC");
  });

  test("Saving one's own zone takes a known zone only, for oneself only, staff and clients alike", async () => {
    const post = (who: TestUser | null, timeZone: string) =>
      call(timeZoneRoute.action, "/account/time-zone", {
        cookie: who?.cookie,
        form: { intent: "save-time-zone", timeZone },
        headers: SAME_ORIGIN,
      });
    expect(await post(client, "Mars/Olympus")).toMatchObject({
      status: 302,
      location: "/user-dashboard/settings?notice=time-zone-invalid",
    });
    expect(await userTimeZone(client.id)).toBeNull();
    expect(await post(sales, "Europe/Berlin")).toMatchObject({
      status: 302,
      location: "/employee-dashboard/account?notice=time-zone-saved",
    });
    expect(await userTimeZone(sales.id)).toBe("Europe/Berlin");
    expect(await userTimeZone(client.id)).toBeNull();
    expect((await post(null, "Europe/Berlin")).status).toBe(302);
    expect(await userTimeZone(admin.id)).toBeNull();
  });

  test("A mail is written in the recipient's zone, else the agency's", async () => {
    const { version } = await load(admin);
    await save(admin, { version: String(version), timeZone: "Asia/Kolkata", locale: "en-IN", currency: "INR" });
    await db().updateTable("users").set({ timeZone: "Europe/Berlin" }).where("id", "=", client.id).execute();
    expect(await placeForRecipient(client.id)).toMatchObject({ timeZone: "Europe/Berlin", locale: "en-IN" });
    expect(await placeForRecipient(sales.id)).toMatchObject({ timeZone: "Asia/Kolkata", locale: "en-IN" });
    expect(await placeForRecipient(null)).toMatchObject({ timeZone: "Asia/Kolkata" });
  });
});
