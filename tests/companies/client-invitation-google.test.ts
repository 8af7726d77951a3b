// Decision 0034: accepting a client invitation with Google, through a real local OpenID provider
// (tests/helpers/oidc.ts): the invitation's POST, the provider, Better Auth's callback through the
// app's /api/auth/* route, and the completion route, carrying cookies like a browser.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { clientInvitationAction } from "~/routes/auth/invitation.server";
import { invitationGoogleLoader } from "~/routes/auth/invitation-google.server";
import { getSessionUser } from "~/server/auth/session.server";
import { db } from "~/server/db/db.server";
import { inviteClient, lookUpClientInvitation } from "~/server/models/companies/client-invitations.server";
import { insertCompany } from "~/server/models/companies/companies.server";
import { updateSettings } from "~/server/models/shared/settings.server";
import { signInStaff, type TestUser } from "../helpers/accounts";
import { clearTables, testDatabases } from "../helpers/databases";
import { APP_URL, CookieJar, throughAppCallback, throughProvider, useAppWithGoogle } from "../helpers/google";
import type { TestOidcProvider } from "../helpers/oidc";
import { buildRequest } from "../helpers/routes";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const invitee = { sub: "g-invitee", email: "ivy@example.com", email_verified: true, name: "Ivy" };
const stranger = { sub: "g-stranger", email: "stan@example.com", email_verified: true, name: "Stan" };

async function settle(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return await run();
  } catch (error) {
    return error;
  }
}

describe.each(testDatabases("client invitation google"))("Accepting a client invitation with Google on $name", (database) => {
  let cleanup: () => Promise<void>;
  let oidc: TestOidcProvider;
  let staff: TestUser;
  let companyId: string;

  beforeAll(async () => {
    ({ oidc, cleanup } = await useAppWithGoogle(database, { accounts: [invitee, stranger] }));
    staff = await signInStaff("ada.admin@indigokite.dev");
  });
  afterAll(async () => cleanup());
  beforeEach(async () => {
    await clearTables("rateLimits", "clientInvitations", "mailOutbox");
    await db().deleteFrom("users").where("role", "=", "client").execute();
    await clearTables("companies");
    companyId = (await insertCompany(db(), { name: "Acme Ltd", origin: "staff" })).id;
  });

  /** Invites ivy@, then goes through "Continue with Google" as `sub`; returns the completion's answer. */
  async function continueWithGoogle(sub: string) {
    await inviteClient(
      { id: staff.id, email: staff.email, name: "Ada" },
      { companyId, name: "Ivy", email: invitee.email, clientAdmin: false },
    );
    // A token the test knows, in place of the mailed one (mail is tested in client-invitations.test.ts).
    const token = "known-token-for-google-test";
    await db()
      .updateTable("clientInvitations")
      .set({ tokenHash: createHash("sha256").update(token).digest("hex") })
      .where("email", "=", invitee.email)
      .execute();
    const jar = new CookieJar();
    oidc.useAccount(sub);
    const started = (await settle(() =>
      clientInvitationAction(
        buildRequest(`${APP_URL}/invitation?token=${token}`, { form: { intent: "google", token }, headers: { Origin: APP_URL } }),
        "203.0.113.20",
      ),
    )) as Response;
    expect(started.status).toBe(302);
    jar.take(started.headers);
    const back = await throughProvider(started.headers.get("location")!);
    const landing = await throughAppCallback(back, jar);
    expect(landing.pathname).toBe("/invitation/google");
    const completion = await settle(() => invitationGoogleLoader(buildRequest(landing.toString(), { cookie: jar.header() })));
    if (completion instanceof Response) jar.take(completion.headers);
    else jar.take(new Headers((completion as { init: { headers: HeadersInit } }).init.headers));
    return { token, jar, completion };
  }

  test("The Google account of the invited address joins the company and lands in the portal, even with self-registration off", async () => {
    await updateSettings({ id: staff.id, email: staff.email, name: "Ada" }, { selfRegistration: false, clientProjects: true });
    const { token, jar, completion } = await continueWithGoogle(invitee.sub);
    expect(completion).toBeInstanceOf(Response);
    expect((completion as Response).headers.get("location")).toBe("/user-dashboard?notice=invitation-accepted");
    const user = await db()
      .selectFrom("users")
      .select(["companyId", "emailVerified"])
      .where("email", "=", invitee.email)
      .executeTakeFirstOrThrow();
    expect(user.companyId).toBe(companyId);
    expect((await lookUpClientInvitation(token)).state).toBe("used");
    expect((await getSessionUser(buildRequest(`${APP_URL}/user-dashboard`, { cookie: jar.header() })))?.email).toBe(invitee.email);
    await updateSettings({ id: staff.id, email: staff.email, name: "Ada" }, { selfRegistration: true, clientProjects: true });
  });

  test("Another Google account is refused with a message naming both addresses, signed out, and the invitation stays usable", async () => {
    const { token, jar, completion } = await continueWithGoogle(stranger.sub);
    expect((completion as { data: { message: string } }).data.message).toContain(
      "This invitation is for ivy@example.com, but Google signed you in as stan@example.com.",
    );
    expect(await getSessionUser(buildRequest(`${APP_URL}/user-dashboard`, { cookie: jar.header() }))).toBeNull();
    expect((await lookUpClientInvitation(token)).state).toBe("valid");
    expect(await db().selectFrom("users").select("id").where("email", "=", invitee.email).execute()).toEqual([]);
  });
});
