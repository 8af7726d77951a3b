import { z } from "~/lib/zod";
import { requiredText } from "./fields";

// SPEC §5: title and description required. Progress is never taken from a client.
export const projectSchema = z.object({
  title: requiredText("Title", 120),
  description: requiredText("Description", 5000),
});

export type ProjectInput = z.infer<typeof projectSchema>;
