import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import * as invitationRoute from "~/routes/auth/invitation";
import * as clientInviteRoute from "~/routes/console/client-invite";
import * as clientInvitationRoute from "~/routes/console/client-invitation";
import * as teamRoute from "~/routes/portal/team";
import { TEAM_INVITATIONS_PER_COMPANY } from "~/routes/portal/team.server";
import { MAILS_PER_ADDRESS } from "~/server/defence/mail-limits.server";
import { auth } from "~/server/auth/auth.server";
import { db } from "~/server/db/db.server";
import { events } from "~/server/events/bus.server";
import { createSmtpTransport } from "~/server/mail/mailer.server";
import { startMailWorker } from "~/server/mail/worker.server";
import { inviteClient } from "~/server/models/companies/client-invitations.server";
import { insertCompany } from "~/server/models/companies/companies.server";
import { updateSettings } from "~/server/models/shared/settings.server";
import { sessionCookieFrom, signInStaff, signUp, type TestUser } from "../helpers/accounts";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { call } from "../helpers/routes";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp";
import { invitationTokenIn } from "../helpers/invitations";

const PASSWORD = "a-long-client-password-42";
const CONSOLE = "/employee-dashboard";

describe.each(testDatabases("client-invitation-routes"))("Client invitation pages on $name", (database) => {
  let cleanup: () => Promise<void>;
  let smtp: TestSmtpServer;
  let admin: TestUser;
  let sales: TestUser;
  let recruiter: TestUser;
  let companyId: string;
  let otherCompanyId: string;
  const deliverMail = async () => {
    const worker = startMailWorker({
      transport: createSmtpTransport(smtp.url),
      from: "Indigo Kite <no-reply@indigokite.dev>",
      poll: false,
    });
    await worker.runOnce();
    await worker.stop();
  };
  /** A client of `company`, signed in (a member made directly: the invitation flow is tested apart). */
  const member = async (email: string, company: string, clientAdmin: boolean) => {
    const user = await signUp(email);
    await db()
      .updateTable("users")
      .set({ companyId: company, clientAdmin: database.name === "sqlite" ? Number(clientAdmin) : clientAdmin })
      .where("id", "=", user.id)
      .execute();
    return user;
  };

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { APP_URL: "https://agency.example" }));
    smtp = await startSmtpServer();
    admin = await signInStaff("ada.admin@indigokite.dev", { name: "Ada" });
    sales = await signInStaff("sam.sales@indigokite.dev", { staffRole: "sales" });
    recruiter = await signInStaff("rita.recruiter@indigokite.dev", { staffRole: "recruiter" });
  }, 60_000);
  afterAll(async () => {
    await smtp?.stop();
    await cleanup();
  });
  beforeEach(async () => {
    await clearTables("auditLog", "clientInvitations", "mailOutbox", "rateLimits", "appSettings");
    await db().deleteFrom("users").where("role", "=", "client").execute();
    await clearTables("companies");
    smtp.messages.length = 0;
    companyId = (await insertCompany(db(), { name: "Acme Ltd", origin: "staff" })).id;
    otherCompanyId = (await insertCompany(db(), { name: "Globex", origin: "staff" })).id;
  });

  test("Sales invite a person from the console; the GET of the link spends nothing; the POST makes the account, signs in and lands in the portal; a double submit lands there too", async () => {
    const invited = await call(clientInviteRoute.action, `${CONSOLE}/clients/${companyId}/invite`, {
      cookie: sales.cookie,
      params: { id: companyId },
      form: { intent: "invite", name: "Carla Client", email: "carla@example.com", clientAdmin: "on" },
    });
    expect(invited).toMatchObject({ status: 302, location: `${CONSOLE}/clients/${companyId}?notice=client-invited` });
    await deliverMail();
    const token = invitationTokenIn(smtp, "carla@example.com");
    const path = `/invitation?token=${encodeURIComponent(token)}`;
    for (let i = 0; i < 2; i++) {
      expect((await call(invitationRoute.loader, path)).data).toMatchObject({
        state: "valid",
        invitation: { email: "carla@example.com", company: "Acme Ltd", inviter: "sam.sales@indigokite.dev" },
      });
    }
    // Self-registration off: an invited person is still let in.
    await updateSettings({ id: admin.id, email: admin.email, name: "Ada" }, { selfRegistration: false, clientProjects: true });
    const form = { intent: "accept", token, password: PASSWORD, confirm: PASSWORD };
    const accepted = await call(invitationRoute.action, path, { form });
    expect(accepted).toMatchObject({ status: 302, location: "/user-dashboard?notice=invitation-accepted" });
    const cookie = sessionCookieFrom(accepted.response!.headers);
    const session = await (await auth()).api.getSession({ headers: new Headers({ cookie }) });
    expect(session?.user.email).toBe("carla@example.com");
    const again = await call(invitationRoute.action, path, { form });
    expect(again).toMatchObject({ status: 302, location: "/user-dashboard?notice=invitation-accepted" });
    const other = await call(invitationRoute.action, path, {
      form: { ...form, password: "another-long-password-7", confirm: "another-long-password-7" },
    });
    expect(other.status).toBe(410);
    expect((await call(invitationRoute.loader, path)).data).toMatchObject({ state: "used", invitation: null });
    const users = await db().selectFrom("users").select(["companyId", "clientAdmin"]).where("email", "=", "carla@example.com").execute();
    expect(users).toHaveLength(1);
    expect(users[0]!.companyId).toBe(companyId);
    expect(Boolean(users[0]!.clientAdmin)).toBe(true);
  });

  test("A weak or mismatched password is refused in place and the link stays usable", async () => {
    await inviteClient(
      { id: admin.id, email: admin.email, name: "Ada" },
      { companyId, name: "C", email: "carla@example.com", clientAdmin: false },
    );
    await deliverMail();
    const token = invitationTokenIn(smtp, "carla@example.com");
    const path = `/invitation?token=${encodeURIComponent(token)}`;
    expect(
      (await call(invitationRoute.action, path, { form: { intent: "accept", token, password: "short-1", confirm: "short-1" } })).status,
    ).toBe(400);
    expect(
      (await call(invitationRoute.action, path, { form: { intent: "accept", token, password: "password1234", confirm: "password1234" } }))
        .status,
    ).toBe(400);
    expect(
      (await call(invitationRoute.action, path, { form: { intent: "accept", token, password: PASSWORD, confirm: `${PASSWORD}x` } })).status,
    ).toBe(400);
    expect((await call(invitationRoute.loader, path)).data).toMatchObject({ state: "valid" });
    expect(await db().selectFrom("users").select("id").where("email", "=", "carla@example.com").execute()).toEqual([]);
  });

  test("Expired, revoked and unknown links show a page that says so, and Google is refused for them", async () => {
    const invitation = await inviteClient(
      { id: admin.id, email: admin.email, name: "Ada" },
      { companyId, name: "C", email: "carla@example.com", clientAdmin: false },
    );
    await deliverMail();
    const token = invitationTokenIn(smtp, "carla@example.com");
    const path = `/invitation?token=${encodeURIComponent(token)}`;
    await db()
      .updateTable("clientInvitations")
      .set({ expiresAt: Date.now() - 1 })
      .where("id", "=", invitation.id)
      .execute();
    expect((await call(invitationRoute.loader, path)).data).toMatchObject({ state: "expired", invitation: null });
    expect((await call(invitationRoute.action, path, { form: { intent: "google", token } })).status).toBe(410);
    await db()
      .updateTable("clientInvitations")
      .set({ expiresAt: Date.now() + 60_000, revokedAt: Date.now() })
      .where("id", "=", invitation.id)
      .execute();
    expect((await call(invitationRoute.loader, path)).data).toMatchObject({ state: "revoked" });
    expect((await call(invitationRoute.loader, "/invitation?token=nope")).data).toMatchObject({ state: "unknown" });
    expect((await call(invitationRoute.loader, "/invitation")).data).toMatchObject({ state: "unknown" });
  });

  test("Only staff with the clients area invite from the console; a company address or an account elsewhere is refused in place", async () => {
    const url = `${CONSOLE}/clients/${companyId}/invite`;
    const form = { intent: "invite", name: "X", email: "x@example.com" };
    expect((await call(clientInviteRoute.action, url, { cookie: recruiter.cookie, params: { id: companyId }, form })).status).toBe(403);
    expect((await call(clientInviteRoute.loader, url, { cookie: recruiter.cookie, params: { id: companyId } })).status).toBe(403);
    expect((await call(clientInviteRoute.loader, url, { cookie: sales.cookie, params: { id: "nope" } })).status).toBe(404);
    const staffAddress = await call(clientInviteRoute.action, url, {
      cookie: admin.cookie,
      params: { id: companyId },
      form: { ...form, email: "bob@indigokite.dev" },
    });
    expect(staffAddress.status).toBe(409);
    await member("taken@example.com", otherCompanyId, false);
    const elsewhere = await call(clientInviteRoute.action, url, {
      cookie: admin.cookie,
      params: { id: companyId },
      form: { ...form, email: "taken@example.com" },
    });
    expect(elsewhere.status).toBe(409);
    expect(JSON.stringify(elsewhere.data)).toContain("taken@example.com already has an account with another company.");
    expect(await db().selectFrom("clientInvitations").selectAll().execute()).toEqual([]);
  });

  test("Resend and Revoke redirect to the company page with a notice; a second Revoke says it is gone", async () => {
    const invitation = await inviteClient(
      { id: admin.id, email: admin.email, name: "Ada" },
      { companyId, name: "C", email: "carla@example.com", clientAdmin: false },
    );
    const url = `${CONSOLE}/client-invitations/${invitation.id}`;
    const back = `${CONSOLE}/clients/${companyId}`;
    expect(
      await call(clientInvitationRoute.action, url, {
        cookie: recruiter.cookie,
        params: { id: invitation.id },
        form: { intent: "revoke" },
      }),
    ).toMatchObject({ status: 403 });
    expect(
      await call(clientInvitationRoute.action, url, { cookie: sales.cookie, params: { id: invitation.id }, form: { intent: "resend" } }),
    ).toMatchObject({ status: 302, location: `${back}?notice=invitation-resent` });
    expect(
      await call(clientInvitationRoute.action, url, { cookie: sales.cookie, params: { id: invitation.id }, form: { intent: "revoke" } }),
    ).toMatchObject({ status: 302, location: `${back}?notice=invitation-revoked` });
    expect(
      await call(clientInvitationRoute.action, url, { cookie: sales.cookie, params: { id: invitation.id }, form: { intent: "revoke" } }),
    ).toMatchObject({ status: 302, location: `${back}?notice=invitation-gone` });
    expect(
      (
        await call(clientInvitationRoute.action, `${CONSOLE}/client-invitations/nope`, {
          cookie: sales.cookie,
          params: { id: "nope" },
          form: { intent: "revoke" },
        })
      ).status,
    ).toBe(404);
  });

  test("Every member sees the team; only a client admin invites and removes, never themselves nor another company's member; a removed teammate's account and sessions go at once", async () => {
    const boss = await member("boss@example.com", companyId, true);
    const mate = await member("mate@example.com", companyId, false);
    const stranger = await member("stranger@example.com", otherCompanyId, true);
    const team = "/user-dashboard/team";
    const seen = (await call(teamRoute.loader, team, { cookie: mate.cookie })).data as {
      teammates: { email: string }[];
      clientAdmin: boolean;
      invitations: unknown[];
    };
    expect(seen.teammates.map((t) => t.email)).toEqual(["boss@example.com", "mate@example.com"]);
    expect(seen.clientAdmin).toBe(false);
    expect(
      (await call(teamRoute.action, team, { cookie: mate.cookie, form: { intent: "invite", name: "N", email: "n@example.com" } })).status,
    ).toBe(403);
    expect((await call(teamRoute.action, team, { cookie: mate.cookie, form: { intent: "remove", id: boss.id } })).status).toBe(403);
    const invited = await call(teamRoute.action, team, {
      cookie: boss.cookie,
      form: { intent: "invite", name: "New Mate", email: "new@example.com" },
    });
    expect(invited).toMatchObject({ status: 200, data: { status: "success" } });
    expect((await call(teamRoute.action, team, { cookie: boss.cookie, form: { intent: "remove", id: boss.id } })).status).toBe(409);
    expect((await call(teamRoute.action, team, { cookie: boss.cookie, form: { intent: "remove", id: stranger.id } })).status).toBe(404);
    const heard: string[] = [];
    const stop = events().subscribe((event) => {
      if (event.type === "client.access-changed") heard.push(event.userId);
    });
    const removed = await call(teamRoute.action, team, { cookie: boss.cookie, form: { intent: "remove", id: mate.id } });
    stop();
    expect(removed).toMatchObject({ status: 200, data: { status: "success", message: "mate@example.com was removed from the team." } });
    expect(heard).toEqual([mate.id]);
    expect(await db().selectFrom("users").select("id").where("id", "=", mate.id).execute()).toEqual([]);
    expect(await db().selectFrom("sessions").select("id").where("userId", "=", mate.id).execute()).toEqual([]);
    expect((await call(teamRoute.loader, team, { cookie: mate.cookie })).status).toBe(302);
    const audit = await db().selectFrom("auditLog").select(["action", "actorEmail"]).where("action", "=", "client.member-remove").execute();
    expect(audit).toEqual([{ action: "client.member-remove", actorEmail: "boss@example.com" }]);
  });

  test("A client admin's invitations are limited per company per day", async () => {
    const boss = await member("boss@example.com", companyId, true);
    const team = "/user-dashboard/team";
    for (let i = 0; i < TEAM_INVITATIONS_PER_COMPANY.limit; i++) {
      const ok = await call(teamRoute.action, team, {
        cookie: boss.cookie,
        form: { intent: "invite", name: "N", email: `n${i}@example.com` },
      });
      expect(ok.status).toBe(200);
    }
    const refused = await call(teamRoute.action, team, {
      cookie: boss.cookie,
      form: { intent: "invite", name: "N", email: "one-more@example.com" },
    });
    expect(refused.status).toBe(429);
    expect(await db().selectFrom("clientInvitations").select("id").where("email", "=", "one-more@example.com").execute()).toEqual([]);
  });
  test("A client admin whose own address is not verified is told to verify it first, on the Team page and by its action, and nothing is sent", async () => {
    const fresh = await signUp("fresh@example.com", "Fresh", { verified: false });
    await db()
      .updateTable("users")
      .set({ companyId, clientAdmin: database.name === "sqlite" ? 1 : true })
      .where("id", "=", fresh.id)
      .execute();
    await clearTables("mailOutbox");
    const team = "/user-dashboard/team";
    const page = await call(teamRoute.loader, team, { cookie: fresh.cookie });
    expect(page.data).toMatchObject({ clientAdmin: true, emailVerified: false });
    const refused = await call(teamRoute.action, team, {
      cookie: fresh.cookie,
      form: { intent: "invite", name: "Buy cheap pills at spam.example", email: "victim@example.com" },
    });
    expect(refused).toMatchObject({
      status: 403,
      data: { intent: "invite", status: "error", message: "Verify your e-mail address before inviting people." },
    });
    expect(await db().selectFrom("clientInvitations").select("id").execute()).toEqual([]);
    expect(await db().selectFrom("mailOutbox").select("id").execute()).toEqual([]);
  });

  test("A client admin's invitation mail carries nothing the client typed: no invitee name, no client's name, no company name a client chose", async () => {
    const ownCompany = (await insertCompany(db(), { name: "Visit spam.example now", origin: "self" })).id;
    const boss = await signUp("boss@example.com", "Click https://spam.example");
    await db()
      .updateTable("users")
      .set({ companyId: ownCompany, clientAdmin: database.name === "sqlite" ? 1 : true })
      .where("id", "=", boss.id)
      .execute();
    const invited = await call(teamRoute.action, "/user-dashboard/team", {
      cookie: boss.cookie,
      form: { intent: "invite", name: "Win a prize at spam.example", email: "victim@example.com" },
    });
    expect(invited).toMatchObject({ status: 200, data: { status: "success" } });
    const mail = await db()
      .selectFrom("mailOutbox")
      .select(["subject", "textBody", "htmlBody"])
      .where("toAddress", "=", "victim@example.com")
      .executeTakeFirstOrThrow();
    for (const part of [mail.subject, mail.textBody, mail.htmlBody]) {
      expect(part).not.toContain("spam.example");
      expect(part).not.toContain("Win a prize");
    }
    expect(mail.subject).toBe("You are invited to the Indigo Kite Technologies client portal");
    expect(mail.textBody).toContain("A client of Indigo Kite Technologies has invited you");
    // The link's page, on our site, says who invited them and to which company.
    await deliverMail();
    const token = invitationTokenIn(smtp, "victim@example.com");
    expect((await call(invitationRoute.loader, `/invitation?token=${token}`)).data).toMatchObject({
      state: "valid",
      invitation: { company: "Visit spam.example now" },
    });
  });

  test("Invitations and resends to one address stop at the per-address mail limit, whichever company or staff member asks; the refusal is in place and sends nothing", async () => {
    const boss = await member("boss@example.com", companyId, true);
    const rival = await member("rival@example.com", otherCompanyId, true);
    const team = "/user-dashboard/team";
    const invite = (who: TestUser, name: string) =>
      call(teamRoute.action, team, { cookie: who.cookie, form: { intent: "invite", name, email: "victim@example.com" } });
    // Each new name is a new invitation (not a double submit), so each would mail again.
    expect((await invite(boss, "A")).data).toMatchObject({ status: "success" });
    expect((await invite(rival, "B")).data).toMatchObject({ status: "success" });
    const pending = await db()
      .selectFrom("clientInvitations")
      .select("id")
      .where("companyId", "=", companyId)
      .where("revokedAt", "is", null)
      .executeTakeFirstOrThrow();
    const resent = await call(clientInvitationRoute.action, `${CONSOLE}/client-invitations/${pending.id}`, {
      cookie: sales.cookie,
      params: { id: pending.id },
      form: { intent: "resend" },
    });
    expect(resent).toMatchObject({ status: 302, location: `${CONSOLE}/clients/${companyId}?notice=invitation-resent` });
    expect(await db().selectFrom("mailOutbox").select("id").where("toAddress", "=", "victim@example.com").execute()).toHaveLength(
      MAILS_PER_ADDRESS.limit,
    );

    const before = await db().selectFrom("clientInvitations").select(["id", "tokenHash", "revokedAt"]).orderBy("id").execute();
    const refused = await invite(rival, "C");
    expect(refused.status).toBe(409);
    expect((refused.data as { result?: { error?: Record<string, string[]> } }).result?.error?.email).toEqual([
      "We have sent this address several e-mails recently, so we won't send another yet. Please try again later.",
    ]);
    const again = await call(clientInvitationRoute.action, `${CONSOLE}/client-invitations/${pending.id}`, {
      cookie: sales.cookie,
      params: { id: pending.id },
      form: { intent: "resend" },
    });
    expect(again).toMatchObject({ status: 302, location: `${CONSOLE}/clients/${companyId}?notice=invitation-limit` });
    expect(await db().selectFrom("mailOutbox").select("id").where("toAddress", "=", "victim@example.com").execute()).toHaveLength(
      MAILS_PER_ADDRESS.limit,
    );
    expect(await db().selectFrom("clientInvitations").select(["id", "tokenHash", "revokedAt"]).orderBy("id").execute()).toEqual(before);
  });
});
