import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { DEFAULT_MAIL_IDENTITY, DEMO_BRAND, type Brand } from "~/lib/brand";
import { isRefusal } from "~/lib/refusal";
import { forgetBrand, getBrand, getMailIdentity, readBrand, readMailIdentity } from "~/server/brand/brand.server";
import { db } from "~/server/db/db.server";
import { BRAND_CONFLICT, saveBrand, saveMailIdentity } from "~/server/models/site/brand.server";
import { signInStaff, type TestUser } from "../helpers/accounts";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { recordEvents } from "../helpers/events";

// The brand and mail identity as an admin saves them: versioned rows, audited, announced after commit.

describe.each(testDatabases("brand"))("Brand settings on $name", (database) => {
  let cleanup: () => Promise<void>;
  let admin: TestUser;
  const actor = () => ({ id: admin.id, email: admin.email, name: "Ada Admin" });
  const renamed: Brand = { ...DEMO_BRAND, name: "Heron Works", shortName: "Heron", primaryColor: "#0f766e" };

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
    admin = await signInStaff("ada@indigokite.dev", { name: "Ada Admin" });
  });
  afterAll(() => cleanup());
  beforeEach(async () => {
    await clearTables("auditLog");
    await db().deleteFrom("appSettings").where("key", "in", ["brand", "brand.mail"]).execute();
    forgetBrand(); // the previous suite's database
    await getBrand(); // fills the cache, so the tests see it dropped
  });

  test("A new install shows the demo brand and mails nobody", async () => {
    expect(await readBrand()).toEqual({ value: DEMO_BRAND, version: 0 });
    expect(await readMailIdentity()).toEqual({ value: DEFAULT_MAIL_IDENTITY, version: 0 });
  });

  test("Saving the brand stores it, writes one audit row and announces site.changed after the commit", async () => {
    const events = recordEvents();
    const saved = await saveBrand(actor(), renamed, 0, 1_000);
    events.stop();
    expect(saved.version).toBe(1_000);
    expect(await getBrand()).toEqual(renamed);
    expect(events.seen).toEqual([{ type: "site.changed" }]);
    const audit = await db().selectFrom("auditLog").selectAll().execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.id, action: "settings.change", entity: "brand", entityId: "brand" });
    expect(JSON.parse(audit[0]!.detail)).toMatchObject({ name: { from: DEMO_BRAND.name, to: "Heron Works" } });
  });

  test("A save made from an older version is refused as a conflict and changes nothing", async () => {
    await saveBrand(actor(), renamed, 0, 1_000);
    await clearTables("auditLog");
    const events = recordEvents();
    const late = saveBrand(actor(), { ...DEMO_BRAND, name: "Someone Else" }, 0, 2_000);
    await expect(late).rejects.toSatisfy((e) => isRefusal(e, "conflict") && (e as Error).message === BRAND_CONFLICT);
    events.stop();
    expect(events.seen).toEqual([]);
    expect(await readBrand()).toEqual({ value: renamed, version: 1_000 });
    expect(await db().selectFrom("auditLog").selectAll().execute()).toEqual([]);
  });

  test("Two saves in the same millisecond still get different versions", async () => {
    const first = await saveBrand(actor(), renamed, 0, 5_000);
    const second = await saveBrand(actor(), { ...renamed, tagline: "Quiet software." }, first.version, 5_000);
    expect(second.version).toBeGreaterThan(first.version);
  });

  test("Saving the same values again writes nothing and announces nothing", async () => {
    const first = await saveBrand(actor(), renamed, 0, 1_000);
    await clearTables("auditLog");
    const events = recordEvents();
    const again = await saveBrand(actor(), renamed, first.version, 2_000);
    events.stop();
    expect(again.version).toBe(1_000);
    expect(events.seen).toEqual([]);
    expect(await db().selectFrom("auditLog").selectAll().execute()).toEqual([]);
  });

  test("The mail identity is saved apart from the brand, with its own version and audit row", async () => {
    const events = recordEvents();
    const next = { senderName: "Heron Works", senderAddress: "hello@heron.test", leadsInbox: "sales@heron.test", applicationsInbox: null };
    await saveMailIdentity(actor(), next, 0, 3_000);
    events.stop();
    expect(await getMailIdentity()).toEqual(next);
    expect((await readBrand()).version).toBe(0);
    expect(events.seen).toEqual([{ type: "site.changed" }]);
    const [row] = await db().selectFrom("auditLog").selectAll().execute();
    expect(row).toMatchObject({ entity: "brand", entityId: "brand.mail" });
    await expect(saveMailIdentity(actor(), DEFAULT_MAIL_IDENTITY, 0)).rejects.toSatisfy((e) => isRefusal(e, "conflict"));
  });
});
