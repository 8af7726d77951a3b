import { z } from "~/lib/zod";

export const newPasswordSchema = z
  .object({
    token: z.string().min(1, "This reset link is incomplete. Ask for a new one."),
    password: z.string({ error: "Password is required." }).min(8, "Use at least 8 characters.").max(128, "Use at most 128 characters."),
    confirm: z.string({ error: "Repeat the password." }),
  })
  .refine((v) => v.password === v.confirm, { message: "The passwords do not match.", path: ["confirm"] });
