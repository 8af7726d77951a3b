import { z } from "~/lib/zod";

// A passkey's name, as the user types it when adding or renaming one.
export const PASSKEY_NAME_MAX = 64;
const name = z.string().trim().max(PASSKEY_NAME_MAX, `A passkey name is at most ${PASSKEY_NAME_MAX} characters.`);

/** Adding: the name is optional (the list shows "Passkey" without one). */
export const addPasskeySchema = z.object({ name: name.optional() });

/** Renaming one of the user's passkeys. */
export const renamePasskeySchema = z.object({
  id: z.string({ error: "Unknown passkey." }).regex(/^[\w-]{1,64}$/, "Unknown passkey."),
  name: z
    .string({ error: "Enter a name for the passkey." })
    .trim()
    .min(1, "Enter a name for the passkey.")
    .max(PASSKEY_NAME_MAX, `A passkey name is at most ${PASSKEY_NAME_MAX} characters.`),
});

/** The password-less sign-in's form: which login page asked (SPEC §5 keeps them apart). */
export const passkeySignInFormSchema = z.enum(["client", "employee"]);
