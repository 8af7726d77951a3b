import { sql } from "kysely";
import { describe, inject, test } from "vitest";
import { postForm, quoteFields, register } from "./helpers/client";
import { database, markEmailVerified, userId } from "./helpers/database";
import type { ServerInfo } from "./helpers/server";
import { tally } from "./helpers/tally";

// Deleting an account is one transaction (data, account, sessions and the mails
// queued to the address), so a failure half-way leaves everything as it was.
const [world] = inject("worlds");
const server = world!.server;
const CONFIRMATION_SUBJECT = "Your account has been deleted";

const freshEmail = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;

/** A client with a profile, a project, a support request, a lead and mails queued to them. */
async function clientWithData(label: string) {
  const email = freshEmail(label);
  const cookie = await register(server, email);
  // Verified, so the account's mails (reset, deletion notice) go out (decision 0028); its sign-up
  // verification mail is not counted against the address's hourly allowance here.
  await markEmailVerified(server, email);
  await database(server).deleteFrom("rateLimits").where("key", "=", `mail:address:${email}`).execute();
  const id = await userId(server, email);
  await postForm(
    server,
    "/user-dashboard?index",
    { intent: "save-profile", fullName: `Profile ${label}`, phone: "+91 98200 12345" },
    { cookie },
  );
  await postForm(
    server,
    "/user-dashboard/projects",
    { intent: "create-project", title: `Project ${label}`, description: "Private work." },
    { cookie },
  );
  await postForm(
    server,
    "/user-dashboard/support",
    { intent: "create-complaint", subject: `Complaint ${label}`, message: "Private trouble." },
    { cookie },
  );
  await postForm(server, "/quote", await quoteFields(server, { email, requirement: `Lead ${label}` }));
  await postForm(server, "/settings/reset-password", { intent: "reset-password" }, { cookie });
  return { email, cookie, id };
}

/** The companies the seeded client made for themselves: remembered, since deletion removes the link. */
const ownCompanies = new Map<string, string[]>();
function companiesOf(id: string): string[] {
  return ownCompanies.get(id) ?? ["-"];
}

async function counts(id: string, email: string) {
  const db = database(server);
  const member = await db.selectFrom("users").select("companyId").where("id", "=", id).executeTakeFirst();
  if (member?.companyId) ownCompanies.set(id, [member.companyId]);
  const count = async (query: { execute(): Promise<unknown[]> }) => (await query.execute()).length;
  return {
    users: await count(db.selectFrom("users").select("id").where("id", "=", id)),
    sessions: await count(db.selectFrom("sessions").select("id").where("userId", "=", id)),
    profiles: await count(db.selectFrom("profiles").select("userId").where("userId", "=", id)),
    // A self-registered client's work is their own company's, which goes with its last member.
    projects: await count(
      db
        .selectFrom("projects")
        .select("id")
        .where((eb) => eb.or([eb("createdBy", "=", id), eb("companyId", "in", companiesOf(id))])),
    ),
    complaints: await count(
      db
        .selectFrom("complaints")
        .select("id")
        .where((eb) => eb.or([eb("createdBy", "=", id), eb("companyId", "in", companiesOf(id))])),
    ),
    mails: (await db.selectFrom("mailOutbox").select("subject").where("toAddress", "=", email).execute()).map((m) => m.subject),
  };
}

/** Makes the database refuse to delete one user row, as a failing account delete would. */
async function refuseUserDelete(target: ServerInfo, id: string): Promise<() => Promise<void>> {
  const db = database(target);
  if (target.backend === "sqlite") {
    await sql
      .raw(
        `create trigger refuse_user_delete before delete on users when old.id = '${id}' begin select raise(abort, 'refused by the test'); end`,
      )
      .execute(db);
    return async () => void (await sql`drop trigger if exists refuse_user_delete`.execute(db));
  }
  await sql
    .raw(
      `create or replace function refuse_user_delete() returns trigger language plpgsql as $$ begin if old.id = '${id}' then raise exception 'refused by the test'; end if; return old; end $$;
       create trigger refuse_user_delete before delete on users for each row execute function refuse_user_delete()`,
    )
    .execute(db);
  return async () => {
    await sql`drop trigger if exists refuse_user_delete on users`.execute(db);
    await sql`drop function if exists refuse_user_delete()`.execute(db);
  };
}

describe("Account deletion", () => {
  test("A deletion whose account delete fails leaves the client's data, sessions and mails intact", async (context) => {
    const t = tally(context, "Sessions");
    const { email, cookie, id } = await clientWithData("delete-fails");
    const before = await counts(id, email);
    t.check(
      "the client has data to lose",
      before.profiles === 1 && before.projects === 1 && before.complaints === 1 && before.mails.length >= 2,
      JSON.stringify(before),
    );
    const restore = await refuseUserDelete(server, id);
    try {
      const reply = await postForm(server, "/settings/delete-account", { intent: "delete-account" }, { cookie });
      t.check(
        "the deletion reports failure",
        reply.location === "/user-dashboard/settings?notice=delete-failed",
        `${reply.status} ${reply.location}`,
      );
    } finally {
      await restore();
    }
    const after = await counts(id, email);
    t.check(
      "nothing was deleted",
      JSON.stringify(after) === JSON.stringify(before),
      `${JSON.stringify(before)} → ${JSON.stringify(after)}`,
    );
    t.done();
  });

  test("After an account is deleted no mail addressed to it stays in the outbox except the deletion confirmation", async (context) => {
    const t = tally(context, "Sessions");
    const { email, cookie, id } = await clientWithData("delete-mails");
    t.check("mails were queued to the client", (await counts(id, email)).mails.length >= 2);
    const reply = await postForm(server, "/settings/delete-account", { intent: "delete-account" }, { cookie });
    t.check("the account is deleted", reply.location === "/?notice=deleted", `${reply.status} ${reply.location}`);
    const after = await counts(id, email);
    t.check(
      "no data, account or session remains",
      after.users + after.sessions + after.profiles + after.projects + after.complaints === 0,
      JSON.stringify(after),
    );
    t.check(
      "only the confirmation mail remains",
      after.mails.length === 1 && after.mails[0] === CONFIRMATION_SUBJECT,
      JSON.stringify(after.mails),
    );
    t.done();
  });
});
