import pg from "pg";
import { expect, test } from "vitest";
import { guardPoolErrors } from "~/server/db/pg-pool.server";

const url = process.env.TEST_DATABASE_URL;
if (!url) console.warn("[pg-pool] TEST_DATABASE_URL is not set: PostgreSQL pool test skipped.");

//, faults: a PostgreSQL restart ended the session of a client checked out between two
// queries, and its unhandled 'error' event killed the server.
test.skipIf(!url)("A session the server ends while its client is checked out is dropped, and the pool carries on", async () => {
  const pool = guardPoolErrors(new pg.Pool({ connectionString: url, max: 1 }), "test");
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const client = await pool.connect();
    const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
    const ended = new Promise((resolve) => client.once("end", resolve));
    await admin.query("select pg_terminate_backend($1)", [rows[0]!.pid]);
    await ended; // the 'error' event came first, with no listener but the pool's own
    await expect(client.query("select 1")).rejects.toThrow();
    client.release();
    const again = await pool.query<{ one: number }>("select 1 as one");
    expect(again.rows[0]!.one).toBe(1);
  } finally {
    await admin.end();
    await pool.end();
  }
});
