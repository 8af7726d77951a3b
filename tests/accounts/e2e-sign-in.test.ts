import { afterAll, beforeAll, expect, test } from "vitest";
import { auth } from "~/server/auth/auth.server";
import { ABSOLUTE_LIFETIME_MS, getSessionUser, requireStaff } from "~/server/auth/session.server";
import { createSignedInUser, SESSION_COOKIE, signedSessionValue } from "../../e2e/fixtures";
import { testDatabases, useAppDatabase } from "../helpers/databases";
import { signUp } from "../helpers/accounts";
import { buildRequest } from "../helpers/routes";

// The e2e sign-in fixture writes Better Auth's rows and cookie by hand (e2e/fixtures.ts). These
// tests hold it to what the app really accepts, so a change to the auth setup fails here in a
// second rather than in every browser journey.

const SECRET = "test-secret-0123456789-0123456789-abcdef";
let cleanup: () => Promise<void>;
let databaseFile = "";

beforeAll(async () => {
  // The fixture signs with E2E_AUTH_SECRET, the app checks with AUTH_SECRET: the same here, as in e2e.
  ({ cleanup } = await useAppDatabase(testDatabases("e2e sign-in fixture")[0]!, { AUTH_SECRET: SECRET, E2E_AUTH_SECRET: SECRET }));
  databaseFile = process.env.DATABASE_URL!.slice("file:".length);
});
afterAll(async () => cleanup());

const requestWith = (cookie: string) => buildRequest("http://localhost/user-dashboard", { cookie });

test("The fixture signs its session cookie exactly as Better Auth does", async () => {
  const client = await signUp("signed-by-better-auth@example.com");
  const [name, value = ""] = client.cookie.split("=");
  expect(name).toBe(SESSION_COOKIE);
  const token = decodeURIComponent(value).split(".")[0]!;
  expect(signedSessionValue(token)).toBe(value);
});

test("A client inserted by the fixture is signed in as a client with an unverified e-mail, like one who registered", async () => {
  const user = await createSignedInUser({ role: "client", databaseFile });
  expect(user.email).toMatch(/@example\.com$/);
  expect(await getSessionUser(requestWith(user.cookie))).toEqual({
    id: user.id,
    email: user.email,
    name: user.name,
    role: "client",
    emailVerified: false,
    staffRole: null,
    timeZone: null,
  });
});

test("Staff inserted by the fixture pass the staff guard with a verified company e-mail, like the staff CLI's", async () => {
  const user = await createSignedInUser({ role: "employee", databaseFile });
  expect(user.email).toMatch(/@indigokite\.dev$/);
  expect(await requireStaff(requestWith(user.cookie))).toMatchObject({
    id: user.id,
    role: "employee",
    emailVerified: true,
    staffRole: "admin",
  });
  // Another role, as the Staff page or `npm run staff -- add --role` gives it.
  const recruiter = await createSignedInUser({ role: "employee", databaseFile, staffRole: "recruiter" });
  expect(await requireStaff(requestWith(recruiter.cookie), "applications")).toMatchObject({ staffRole: "recruiter" });
  await expect(requireStaff(requestWith(recruiter.cookie), "leads")).rejects.toMatchObject({ status: 403 });
});

test("A fixture user given a password can sign in with it", async () => {
  const user = await createSignedInUser({ role: "client", databaseFile, password: "fixture-password-123" });
  const result = await (await auth()).api.signInEmail({ body: { email: user.email, password: "fixture-password-123" } });
  expect(result.user.id).toBe(user.id);
});

test("A fixture session older than the role's absolute lifetime counts as signed out", async () => {
  const user = await createSignedInUser({
    role: "employee",
    databaseFile,
    signedInAt: Date.now() - ABSOLUTE_LIFETIME_MS.employee - 60_000,
  });
  expect(await getSessionUser(requestWith(user.cookie))).toBeNull();
});

test("The fixture refuses an e-mail whose domain gives another role", async () => {
  await expect(createSignedInUser({ role: "employee", email: "someone@example.com", databaseFile })).rejects.toThrow(/client/);
});
