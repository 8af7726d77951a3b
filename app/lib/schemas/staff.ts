import { z } from "~/lib/zod";
import { emailField, optionalText } from "./fields";

// A staff account added from the console; the company domain is checked on the server (env).
export const staffAccountSchema = z.object({
  email: emailField("Work email is required."),
  name: optionalText("Name", 120),
  password: z
    .string({ error: "Password is required." })
    .min(8, "Password must be at least 8 characters.")
    .max(128, "Password must be 128 characters or fewer."),
});
