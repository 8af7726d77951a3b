// Password rules: length per audience, at most 128, the most common passwords refused,
// at registration and on the reset link; the staff CLI keeps its operator's choice.
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { newPasswordField, PASSWORD_MAX, PASSWORD_MIN, PASSWORD_TOO_LONG, passwordTooShort } from "~/lib/password-rules";
import * as loginRoute from "~/routes/auth/login";
import * as resetPasswordRoute from "~/routes/auth/reset-password";
import { auth } from "~/server/auth/auth.server";
import { COMMON_PASSWORD, commonPasswordProblem, newPasswordProblem } from "~/server/auth/password-rules.server";
import { db } from "~/server/db/db.server";
import { addStaff } from "~/server/models/accounts/staff.server";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { call } from "../helpers/routes";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const fieldErrors = (data: unknown, field: string) => (data as { result?: { error?: Record<string, string[]> } }).result?.error?.[field];

describe("The rules themselves", () => {
  test("Clients need 10 characters, staff 12, everyone at most 128, each refusal naming its rule", () => {
    expect(PASSWORD_MIN).toEqual({ staff: 12, client: 10 });
    expect(PASSWORD_MAX).toBe(128);
    const client = newPasswordField("client");
    const staff = newPasswordField("staff");
    expect(client.safeParse("a".repeat(9)).error?.issues[0]?.message).toBe("Passwords need at least 10 characters.");
    expect(client.safeParse("a".repeat(10)).success).toBe(true);
    expect(staff.safeParse("a".repeat(11)).error?.issues[0]?.message).toBe("Staff passwords need at least 12 characters.");
    expect(staff.safeParse("a".repeat(12)).success).toBe(true);
    expect(client.safeParse("a".repeat(129)).error?.issues[0]?.message).toBe(PASSWORD_TOO_LONG);
    expect(staff.safeParse("a".repeat(128)).success).toBe(true);
  });

  test("The most common passwords are refused whatever their case; an unusual one passes", async () => {
    for (const common of ["qwertyuiop", "password123", "1234567890", "Password123", "QWERTYUIOP"]) {
      expect(await commonPasswordProblem(common)).toBe(COMMON_PASSWORD);
    }
    expect(await commonPasswordProblem("lantern-okapi-drizzle-77")).toBeNull();
  });

  test("newPasswordProblem applies the audience's length before the list", async () => {
    expect(await newPasswordProblem("short", "client")).toBe(passwordTooShort("client"));
    expect(await newPasswordProblem("qwertyuiop", "client")).toBe(COMMON_PASSWORD);
    expect(await newPasswordProblem("qwertyuiop", "staff")).toBe(passwordTooShort("staff"));
    expect(await newPasswordProblem("lantern-okapi-drizzle-77", "staff")).toBeNull();
  });
});

describe.each(testDatabases("password-rules"))("Password rules on $name", (database) => {
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { APP_URL: "http://localhost" }));
  });
  afterAll(async () => cleanup());
  beforeEach(async () => clearTables("rateLimits"));

  const register = (email: string, password: string) =>
    call(loginRoute.action, "/login", { form: { intent: "register", email, password } });
  const userCount = async (email: string) => (await db().selectFrom("users").select("id").where("email", "=", email).execute()).length;

  test("Registering with a password under 10 characters or a common one is refused on the field with 400, creating nobody", async () => {
    const short = await register("short.pass@example.com", "nine-char");
    expect(short.status).toBe(400);
    expect(fieldErrors(short.data, "password")).toEqual(["Passwords need at least 10 characters."]);
    const common = await register("common.pass@example.com", "password123");
    expect(common.status).toBe(400);
    expect(fieldErrors(common.data, "password")).toEqual([COMMON_PASSWORD]);
    expect(await userCount("short.pass@example.com")).toBe(0);
    expect(await userCount("common.pass@example.com")).toBe(0);
    expect(await register("fine.pass@example.com", "ten-chars!")).toMatchObject({
      status: 302,
      location: "/user-dashboard?notice=registered",
    });
  });

  test("Better Auth's own floor and ceiling are 10 and 128 characters, whoever calls it", async () => {
    const signUp = async (password: string) =>
      (await auth()).api.signUpEmail({ body: { email: `floor-${password.length}@example.com`, password, name: "F" } });
    await expect(signUp("nine-char")).rejects.toThrow(/too short/i);
    await expect(signUp("a".repeat(129))).rejects.toThrow(/too long/i);
    await expect(signUp("ten-chars!")).resolves.toMatchObject({ user: { email: "floor-10@example.com" } });
  });

  test("Signing in checks none of the new rules: an older short password still works", async () => {
    await (await auth()).api.signUpEmail({ body: { email: "old.timer@example.com", password: "old-pass-10", name: "Old" } });
    // A password set before the rules (the floor was 8): stored as Better Auth stores any.
    const context = await (await auth()).$context;
    const user = await context.internalAdapter.findUserByEmail("old.timer@example.com");
    await context.internalAdapter.updatePassword(user!.user.id, await context.password.hash("eightch8"));
    const outcome = await call(loginRoute.action, "/login", {
      form: { intent: "login", email: "old.timer@example.com", password: "eightch8" },
    });
    expect(outcome).toMatchObject({ status: 302, location: "/user-dashboard?notice=login" });
  });

  async function resetTokenFor(email: string): Promise<string> {
    await (await auth()).api.requestPasswordReset({ body: { email, redirectTo: "/reset-password" } });
    // Better Auth's own table, outside our schema types.
    const rows = await sql<{
      identifier: string;
    }>`select identifier from verifications where identifier like 'reset-password:%' order by created_at desc`.execute(db());
    return rows.rows[0]!.identifier.slice("reset-password:".length);
  }

  const reset = (token: string, password: string) =>
    call(resetPasswordRoute.action, "/reset-password", { form: { token, password, confirm: password } });

  test("A reset link follows its account's rules: 12 characters for staff, 10 for clients, never a common password", async () => {
    await addStaff(null, "rules.staff@indigokite.dev", "staff-password-0123");
    const staffToken = await resetTokenFor("rules.staff@indigokite.dev");
    expect(await call(resetPasswordRoute.loader, `/reset-password?token=${staffToken}`)).toMatchObject({ data: { audience: "staff" } });
    const tooShort = await reset(staffToken, "eleven-char");
    expect(tooShort.status).toBe(400);
    expect(fieldErrors(tooShort.data, "password")).toEqual(["Staff passwords need at least 12 characters."]);
    expect(await reset(staffToken, "twelve-chars")).toMatchObject({ status: 302, location: "/login?notice=password-changed" });

    await (await auth()).api.signUpEmail({ body: { email: "rules.client@example.com", password: "first-pass-1", name: "C" } });
    await db()
      .updateTable("users")
      .set({ emailVerified: database.name === "sqlite" ? 1 : true })
      .where("email", "=", "rules.client@example.com")
      .execute();
    const clientToken = await resetTokenFor("rules.client@example.com");
    const common = await reset(clientToken, "1234567890");
    expect(common.status).toBe(400);
    expect(fieldErrors(common.data, "password")).toEqual([COMMON_PASSWORD]);
    expect(await reset(clientToken, "ten-chars!")).toMatchObject({ status: 302, location: "/login?notice=password-changed" });
  });

  test("The staff CLI's add keeps the operator's choice: no staff length, floor or common-password rule", async () => {
    for (const [email, password] of [
      ["cli.common@indigokite.dev", "qwertyuiop"],
      ["cli.short@indigokite.dev", "eightch8"],
    ] as const) {
      const member = await addStaff(null, email, password);
      const signIn = await (await auth()).api.signInEmail({ body: { email, password } });
      expect(signIn.user.id).toBe(member.id);
    }
  });
});
