import type { Kysely } from "kysely";

// Decision 0053. `two_factors.last_totp_step`: the newest TOTP time-step (Unix time / 30 s) that
// was accepted for the account; a code of that step or an older one is refused, so one code opens
// one sign-in at most. `sessions.confirmed_at`: epoch ms of the session's last identity
// confirmation (password, TOTP or recovery code), which adding a passkey needs within minutes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("two_factors").addColumn("last_totp_step", "bigint").execute();
  await db.schema.alterTable("sessions").addColumn("confirmed_at", "bigint").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("sessions").dropColumn("confirmed_at").execute();
  await db.schema.alterTable("two_factors").dropColumn("last_totp_step").execute();
}
