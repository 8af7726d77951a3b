import { randomBytes } from "node:crypto";
import { PASSWORD_MIN } from "~/lib/password-rules";
import { auth } from "./auth.server";

// Decision 0028: `npm run staff -- add --password` keeps the operator's own choice, as
// before the password rules. Better Auth's floor (10 characters) applies to every sign-up, so a
// shorter operator password is set on the account right after it is made with a random one.

interface StaffSignUp {
  email: string;
  password: string;
  name: string;
}

/** Better Auth's sign-up; `operatorsChoice` (the CLI) lets a password under the floor through. */
export async function signUpStaff(body: StaffSignUp, operatorsChoice: boolean) {
  const api = (await auth()).api;
  if (!operatorsChoice || body.password.length >= PASSWORD_MIN.client) return api.signUpEmail({ body });
  const result = await api.signUpEmail({ body: { ...body, password: randomBytes(24).toString("base64url") } });
  const context = await (await auth()).$context;
  await context.internalAdapter.updatePassword(result.user.id, await context.password.hash(body.password));
  return result;
}
