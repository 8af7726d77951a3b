// `npm run staff -- add <email> --password <password> [--name <name>] [--role admin|sales|recruiter|delivery|finance]`,
// `list`, `role <email> <role>`, `remove <email>`.
import "../app/server/admin-tool.server";
import { parseArgs } from "node:util";
import { closeDb, migrateToLatest } from "../app/server/db/db.server";
import { getEnv } from "../app/server/env.server";
import { loadCompanyDomain } from "../app/server/brand/company-domain.server";
import { isStaffRole, STAFF_ROLES } from "../app/lib/staff-roles";
import { addStaff, listStaff, removeStaff, setStaffRoleByEmail } from "../app/server/models/accounts/staff.server";

const ROLES = STAFF_ROLES.join("|");
const USAGE = `Usage:
  npm run staff -- add <email> --password <password> [--name <name>] [--role ${ROLES}]
  npm run staff -- list
  npm run staff -- role <email> <${ROLES}>
  npm run staff -- remove <email>
The role defaults to admin, and the first staff account is always an admin.`;

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { password: { type: "string" }, name: { type: "string" }, role: { type: "string" } },
  });
  const [command, email, roleArgument] = positionals;
  if (values.role !== undefined && !isStaffRole(values.role)) {
    console.error(`--role must be one of ${ROLES} (got ${values.role}).`);
    return 2;
  }
  getEnv();
  await migrateToLatest();
  // The staff domain saved at first-run setup, when COMPANY_DOMAIN does not set it.
  await loadCompanyDomain();
  if (command === "add" && email) {
    if (!values.password) {
      console.error("add needs --password <password>.");
      return 2;
    }
    const member = await addStaff(null, email, values.password, values.name, isStaffRole(values.role) ? values.role : "admin");
    // The first line stays exactly what it always was: scripts and external tests read it.
    console.log(`Staff account created: ${member.email}`);
    if (values.role)
      console.log(`Role: ${member.staffRole}${values.role !== member.staffRole ? " (the first staff account is always an admin)" : ""}`);
    return 0;
  }
  if (command === "list") {
    const staff = await listStaff();
    if (staff.length === 0) console.log("No staff accounts.");
    for (const s of staff) {
      // New columns go last, so readers of the old three keep working.
      console.log(`${s.email}\t${s.name}\tcreated ${s.createdAt}\t${s.staffRole ?? "no role"}${s.disabledAt ? "\tdisabled" : ""}`);
    }
    return 0;
  }
  if (command === "role" && email && isStaffRole(roleArgument)) {
    await setStaffRoleByEmail(email, roleArgument);
    console.log(`${email.toLowerCase()} is now ${roleArgument}.`);
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
  console.error(error instanceof Error ? `Error: ${error.message}` : error);
  process.exitCode = 1;
} finally {
  await closeDb();
}
