import { randomBytes } from "node:crypto";
import { database } from "./database";
import { tokenOf } from "./http";
import type { Actor, World } from "./world";

// The records of a user's own sign-in that the matrix names (sessions, passkeys). Made
// or looked up when a cell's form is built, before the database is fingerprinted.

/** The id (never the token) of the session a cookie carries. */
export async function sessionIdOf(world: World, cookie: string): Promise<string> {
  const row = await database(world.server)
    .selectFrom("sessions")
    .select("id")
    .where("token", "=", tokenOf(cookie))
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A passkey of `owner`, as the passkey plugin stores one after a registration; returns its id. */
export async function storedPasskey(world: World, owner: Actor): Promise<string> {
  const id = randomBytes(16).toString("hex");
  const sqlite = world.server.backend === "sqlite";
  await database(world.server)
    .insertInto("passkeys")
    .values({
      id,
      name: "Matrix key",
      publicKey: randomBytes(32).toString("base64"),
      userId: owner.id!,
      credentialId: randomBytes(16).toString("base64url"),
      counter: 0,
      deviceType: "singleDevice",
      backedUp: sqlite ? 0 : false,
      transports: "internal",
      createdAt: new Date().toISOString(),
      aaguid: null,
    })
    .execute();
  return id;
}
