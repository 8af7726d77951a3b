// `npm run staff -- add <email> --password <password> [--name <name>]`, `list`, `remove <email>`.
import { parseArgs } from "node:util";
import { closeDb, migrateToLatest } from "../app/server/db/db.server";
import { getEnv } from "../app/server/env.server";
import { addStaff, listStaff, removeStaff, StaffError } from "../app/server/models/staff.server";

const USAGE = `Usage:
  npm run staff -- add <email> --password <password> [--name <name>]
  npm run staff -- list
  npm run staff -- remove <email>`;

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { password: { type: "string" }, name: { type: "string" } },
  });
  const [command, email] = positionals;
  getEnv();
  await migrateToLatest();
  if (command === "add" && email) {
    if (!values.password) {
      console.error("add needs --password <password>.");
      return 2;
    }
    const member = await addStaff(null, email, values.password, values.name);
    console.log(`Staff account created: ${member.email}`);
    return 0;
  }
  if (command === "list") {
    const staff = await listStaff();
    if (staff.length === 0) console.log("No staff accounts.");
    for (const s of staff) console.log(`${s.email}\t${s.name}\tcreated ${s.createdAt}`);
    return 0;
  }
  if (command === "remove" && email) {
    await removeStaff(email);
    console.log(`Staff account removed: ${email.toLowerCase()}`);
    return 0;
  }
  console.error(USAGE);
  return 2;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof StaffError || error instanceof Error ? `Error: ${error.message}` : error);
  process.exitCode = 1;
} finally {
  await closeDb();
}
