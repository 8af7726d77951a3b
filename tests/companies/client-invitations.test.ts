import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "~/server/db/db.server";
import { createSmtpTransport } from "~/server/mail/mailer.server";
import { startMailWorker } from "~/server/mail/worker.server";
import { acceptClientInvitation } from "~/server/models/companies/client-invitation-accept.server";
import {
  hasPendingClientInvitation,
  inviteClient,
  listPendingClientInvitations,
  lookUpClientInvitation,
  resendClientInvitation,
  revokeClientInvitation,
} from "~/server/models/companies/client-invitations.server";
import { insertCompany } from "~/server/models/companies/companies.server";
import { INVITATIONS_PER_ADDRESS, MAILS_PER_ADDRESS } from "~/server/defence/mail-limits.server";
import { signInStaff, signUp, type TestUser } from "../helpers/accounts";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { invitationTokenIn } from "../helpers/invitations";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp";
import { Refusal } from "~/lib/refusal";

const PASSWORD = "a-long-client-password-42";

describe.each(testDatabases("client-invitations"))("Client invitations on $name", (database) => {
  let cleanup: () => Promise<void>;
  let smtp: TestSmtpServer;
  let staff: TestUser;
  let companyId: string;
  let otherCompanyId: string;
  const actor = () => ({ id: staff.id, email: staff.email, name: "Ada" });
  const deliverMail = async () => {
    const worker = startMailWorker({
      transport: createSmtpTransport(smtp.url),
      from: "Indigo Kite <no-reply@indigokite.dev>",
      poll: false,
    });
    await worker.runOnce();
    await worker.stop();
  };

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { APP_URL: "https://agency.example" }));
    smtp = await startSmtpServer();
    staff = await signInStaff("ada.admin@indigokite.dev", { name: "Ada" });
  }, 60_000);
  afterAll(async () => {
    await smtp?.stop();
    await cleanup();
  });
  beforeEach(async () => {
    await clearTables("auditLog", "clientInvitations", "mailOutbox", "rateLimits");
    await db().deleteFrom("users").where("role", "=", "client").execute();
    await clearTables("companies");
    smtp.messages.length = 0;
    companyId = (await insertCompany(db(), { name: "Acme Ltd", origin: "staff" })).id;
    otherCompanyId = (await insertCompany(db(), { name: "Globex", origin: "staff" })).id;
  });

  test("Staff invite a person to a company: the mail with a single-use link reaches the SMTP server, and the invitation is pending and audited", async () => {
    const invitation = await inviteClient(actor(), { companyId, name: "Carla Client", email: " Carla@Example.com ", clientAdmin: true });
    expect(invitation).toMatchObject({ email: "carla@example.com", clientAdmin: true, expired: false });
    await deliverMail();
    const mail = smtp.messages.find((m) => m.to.includes("carla@example.com"));
    expect(mail?.subject).toBe("You are invited to Acme Ltd's client portal");
    const token = invitationTokenIn(smtp, "carla@example.com");
    expect(await lookUpClientInvitation(token)).toMatchObject({
      state: "valid",
      invitation: { email: "carla@example.com", companyName: "Acme Ltd", inviter: "Ada", clientAdmin: true },
    });
    expect((await listPendingClientInvitations({ companyId })).map((i) => i.email)).toEqual(["carla@example.com"]);
    expect(await listPendingClientInvitations({ companyId: otherCompanyId })).toEqual([]);
    const audit = await db().selectFrom("auditLog").select(["action", "entityId"]).execute();
    expect(audit).toEqual([{ action: "client.invite", entityId: companyId }]);
    // Only the hash of the token is stored.
    const stored = await db().selectFrom("clientInvitations").select("tokenHash").executeTakeFirstOrThrow();
    expect(stored.tokenHash).not.toContain(token);
  });

  test("Company addresses and look-alikes, accounts of another company, members and closed companies are refused with a clear message, and nothing is queued", async () => {
    const refusal = (email: string, company = companyId) =>
      inviteClient(actor(), { companyId: company, name: "X", email, clientAdmin: false }).then(
        () => "accepted",
        (e: unknown) => (e instanceof Refusal ? e.message : `other: ${String(e)}`),
      );
    expect(await refusal("sam@indigokite.dev")).toMatch(/one of our own addresses/);
    expect(await refusal("sam@indigo\u212Aite.dev")).toMatch(/one of our own addresses/);
    expect(await refusal("SAM@INDIGOKITE.DEV")).toMatch(/one of our own addresses/);
    const member = await signUp("member@example.com");
    await db().updateTable("users").set({ companyId }).where("id", "=", member.id).execute();
    expect(await refusal("member@example.com")).toBe("member@example.com is already a member of Acme Ltd.");
    expect(await refusal("member@example.com", otherCompanyId)).toBe("member@example.com already has an account with another company.");
    await db().updateTable("companies").set({ closedAt: Date.now() }).where("id", "=", otherCompanyId).execute();
    expect(await refusal("new@example.com", otherCompanyId)).toMatch(/Globex is closed/);
    expect(await db().selectFrom("clientInvitations").selectAll().execute()).toEqual([]);
    expect(await db().selectFrom("mailOutbox").selectAll().execute()).toEqual([]);
  });

  test("Invitations to one address stop at three mails an hour, resends included, whichever company asks; past it nothing is written and the inviter is told", async () => {
    const mails = () => db().selectFrom("mailOutbox").select("id").where("toAddress", "=", "carla@example.com").execute();
    const first = await inviteClient(actor(), { companyId, name: "A", email: "carla@example.com", clientAdmin: false });
    await inviteClient(actor(), { companyId: otherCompanyId, name: "B", email: "carla@example.com", clientAdmin: false });
    await resendClientInvitation(actor(), { id: first.id });
    expect(await mails()).toHaveLength(MAILS_PER_ADDRESS.limit);
    const before = await db().selectFrom("clientInvitations").selectAll().orderBy("id").execute();
    const third = await inviteClient(actor(), {
      companyId: otherCompanyId,
      name: "C",
      email: "Carla@Example.com",
      clientAdmin: true,
    }).catch((e: unknown) => e);
    expect(third).toBeInstanceOf(Refusal);
    expect((third as Error).message).toBe(
      "We have sent this address several e-mails recently, so we won't send another yet. Please try again later.",
    );
    await expect(resendClientInvitation(actor(), { id: first.id })).rejects.toThrow("We have sent this address several e-mails recently");
    expect(await mails()).toHaveLength(MAILS_PER_ADDRESS.limit);
    expect(await db().selectFrom("clientInvitations").selectAll().orderBy("id").execute()).toEqual(before);
    // Another address is not held back.
    await inviteClient(actor(), { companyId, name: "D", email: "dan@example.com", clientAdmin: false });
    expect(await db().selectFrom("mailOutbox").select("id").where("toAddress", "=", "dan@example.com").execute()).toHaveLength(1);
  });

  test("Over a day one address gets at most five invitations, whichever companies take turns; a refused invitation counts nothing", async () => {
    const companies = [companyId, otherCompanyId];
    for (let i = 0; i < 4; i++) companies.push((await insertCompany(db(), { name: `Co ${i}`, origin: "staff" })).id);
    let sent = 0;
    const hour = 3_600_000;
    for (const [i, company] of companies.entries()) {
      // A new hour each time, so the hourly mail limit never binds first.
      await db()
        .updateTable("rateLimits")
        .set({ windowStart: Date.now() - 2 * hour })
        .where("key", "like", "mail:address:%")
        .execute();
      const outcome = await inviteClient(actor(), {
        companyId: company,
        name: `N${i}`,
        email: "carla@example.com",
        clientAdmin: false,
      }).then(
        () => "sent",
        (e: unknown) => (e as Error).message,
      );
      if (outcome === "sent") sent++;
    }
    expect(sent).toBe(INVITATIONS_PER_ADDRESS.limit);
    // A refusal for another reason (a member already) gives its count back.
    await clearTables("rateLimits");
    const member = await signUp("member@example.com");
    await db().updateTable("users").set({ companyId }).where("id", "=", member.id).execute();
    for (let i = 0; i < 5; i++)
      await expect(inviteClient(actor(), { companyId, name: "X", email: "member@example.com", clientAdmin: false })).rejects.toThrow(
        /already a member/,
      );
    await db().updateTable("users").set({ companyId: null }).where("id", "=", member.id).execute();
    await db().deleteFrom("users").where("id", "=", member.id).execute();
    await inviteClient(actor(), { companyId, name: "X", email: "member@example.com", clientAdmin: false });
    expect(await db().selectFrom("mailOutbox").select("id").where("toAddress", "=", "member@example.com").execute()).toHaveLength(1);
  });

  test("The invitation mail says who invites only in words that are ours: a staff member and a company staff named; otherwise a neutral line, never the invitee's name", async () => {
    await inviteClient(actor(), {
      companyId,
      name: "Carla <b>Client</b> visit spam.example",
      email: "carla@example.com",
      clientAdmin: false,
    });
    const selfCompany = (await insertCompany(db(), { name: "Cheap pills at spam.example", origin: "self" })).id;
    const client = await signUp("boss@example.com", "Boss from spam.example");
    await db().updateTable("users").set({ companyId: selfCompany }).where("id", "=", client.id).execute();
    await inviteClient(
      { id: client.id, email: client.email, name: "Boss from spam.example" },
      { companyId: selfCompany, name: "Dan spam.example", email: "dan@example.com", clientAdmin: false },
    );
    const mail = (to: string) =>
      db().selectFrom("mailOutbox").select(["subject", "textBody", "htmlBody"]).where("toAddress", "=", to).executeTakeFirstOrThrow();
    const byStaff = await mail("carla@example.com");
    expect(byStaff.subject).toBe("You are invited to Acme Ltd's client portal");
    expect(byStaff.textBody).toContain("Ada of Indigo Kite Technologies has invited you to follow Acme Ltd's projects");
    const byClient = await mail("dan@example.com");
    expect(byClient.subject).toBe("You are invited to the Indigo Kite Technologies client portal");
    expect(byClient.textBody).toContain("A client of Indigo Kite Technologies has invited you to follow their company's projects");
    for (const m of [byStaff, byClient]) {
      for (const part of [m.subject, m.textBody, m.htmlBody ?? ""]) {
        expect(part).not.toContain("spam.example");
        expect(part).not.toContain("Carla");
      }
    }
  });

  test("A double submit makes one invitation and one mail", async () => {
    const input = { companyId, name: "C", email: "carla@example.com", clientAdmin: false };
    const [first, second] = [await inviteClient(actor(), input), await inviteClient(actor(), input)];
    expect(second.id).toBe(first.id);
    expect(await db().selectFrom("mailOutbox").select("id").execute()).toHaveLength(1);
    expect(await db().selectFrom("auditLog").select("id").execute()).toHaveLength(1);
  });

  test("A second invitation to the same address in the same company replaces the first, whose link dies", async () => {
    await inviteClient(actor(), { companyId, name: "C", email: "carla@example.com", clientAdmin: false });
    await deliverMail();
    const first = invitationTokenIn(smtp, "carla@example.com");
    await inviteClient(actor(), { companyId, name: "C", email: "carla@example.com", clientAdmin: true });
    await deliverMail();
    const second = invitationTokenIn(smtp, "carla@example.com");
    expect((await lookUpClientInvitation(first)).state).toBe("revoked");
    expect((await lookUpClientInvitation(second)).state).toBe("valid");
    expect(await listPendingClientInvitations({ companyId })).toHaveLength(1);
  });

  test("Resend mails a new link and kills the old one; revoke kills it; neither reaches another company's invitation through a company scope", async () => {
    const invitation = await inviteClient(actor(), { companyId, name: "C", email: "carla@example.com", clientAdmin: false });
    await deliverMail();
    const old = invitationTokenIn(smtp, "carla@example.com");
    await expect(resendClientInvitation(actor(), { id: invitation.id, companyId: otherCompanyId })).rejects.toMatchObject({
      name: "Refusal",
      kind: "not-found",
    });
    expect(await resendClientInvitation(actor(), { id: invitation.id })).toEqual({ companyId, email: "carla@example.com" });
    await deliverMail();
    const fresh = invitationTokenIn(smtp, "carla@example.com");
    expect(fresh).not.toBe(old);
    expect((await lookUpClientInvitation(old)).state).toBe("unknown");
    expect((await lookUpClientInvitation(fresh)).state).toBe("valid");
    await expect(revokeClientInvitation(actor(), { id: invitation.id, companyId: otherCompanyId })).rejects.toMatchObject({
      name: "Refusal",
      kind: "not-found",
    });
    await revokeClientInvitation(actor(), { id: invitation.id, companyId });
    expect((await lookUpClientInvitation(fresh)).state).toBe("revoked");
    await expect(revokeClientInvitation(actor(), { id: invitation.id })).rejects.toThrow(/already accepted or revoked/);
    expect(await hasPendingClientInvitation("carla@example.com")).toBe(false);
    const actions = (await db().selectFrom("auditLog").select("action").orderBy("createdAt").execute()).map((a) => a.action);
    expect(actions).toEqual(["client.invite", "client.invite-resend", "client.invite-revoke"]);
  });

  test("Accepting makes a verified member of the invited company with the invited client-admin flag, once: the link is then used", async () => {
    await inviteClient(actor(), { companyId, name: "Carla Client", email: "carla@example.com", clientAdmin: true });
    await deliverMail();
    const token = invitationTokenIn(smtp, "carla@example.com");
    expect(await hasPendingClientInvitation("CARLA@example.com")).toBe(true);
    const [first, second] = await Promise.allSettled([acceptClientInvitation(token, PASSWORD), acceptClientInvitation(token, PASSWORD)]);
    expect([first.status, second.status].sort()).toEqual(["fulfilled", "rejected"]);
    expect(([first, second].find((r) => r.status === "rejected") as PromiseRejectedResult).reason).toBeInstanceOf(Refusal);
    const users = await db()
      .selectFrom("users")
      .select(["email", "companyId", "clientAdmin", "emailVerified", "role", "name"])
      .where("role", "=", "client")
      .execute();
    expect(users).toEqual([
      {
        email: "carla@example.com",
        companyId,
        clientAdmin: expect.anything(),
        emailVerified: expect.anything(),
        role: "client",
        name: "Carla Client",
      },
    ]);
    expect(Boolean(users[0]!.clientAdmin)).toBe(true);
    expect(Boolean(users[0]!.emailVerified)).toBe(true);
    expect(await lookUpClientInvitation(token)).toEqual({ state: "used", email: "carla@example.com" });
    // No verification mail for an address the link proved.
    expect(
      await db().selectFrom("mailOutbox").select("idempotencyKey").where("idempotencyKey", "like", "email-verification:%").execute(),
    ).toEqual([]);
    expect(await hasPendingClientInvitation("carla@example.com")).toBe(false);
  });

  test("An expired or revoked link cannot be accepted, and a link whose company was closed reads as revoked", async () => {
    const invitation = await inviteClient(actor(), { companyId, name: "C", email: "carla@example.com", clientAdmin: false });
    await deliverMail();
    const token = invitationTokenIn(smtp, "carla@example.com");
    await db()
      .updateTable("clientInvitations")
      .set({ expiresAt: Date.now() - 1 })
      .where("id", "=", invitation.id)
      .execute();
    expect((await lookUpClientInvitation(token)).state).toBe("expired");
    await expect(acceptClientInvitation(token, PASSWORD)).rejects.toMatchObject({ name: "Refusal", kind: "gone" });
    await db()
      .updateTable("clientInvitations")
      .set({ expiresAt: Date.now() + 60_000 })
      .where("id", "=", invitation.id)
      .execute();
    await db().updateTable("companies").set({ closedAt: Date.now() }).where("id", "=", companyId).execute();
    expect((await lookUpClientInvitation(token)).state).toBe("revoked");
    await expect(acceptClientInvitation(token, PASSWORD)).rejects.toMatchObject({ name: "Refusal", kind: "gone" });
    expect(await hasPendingClientInvitation("carla@example.com")).toBe(false);
    expect((await lookUpClientInvitation("made-up")).state).toBe("unknown");
    expect(await db().selectFrom("users").select("id").where("role", "=", "client").execute()).toEqual([]);
  });
});
