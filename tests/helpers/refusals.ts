import { isRefusal } from "~/lib/refusal";

/** What a model's refusal says (kind, message, field); fails the test when `work` does not refuse. */
export async function refusalOf(work: Promise<unknown>): Promise<{ kind: string; message: string; field: string | undefined }> {
  try {
    await work;
  } catch (error) {
    if (isRefusal(error)) return { kind: error.kind, message: error.message, field: error.field };
    throw error;
  }
  throw new Error("expected a refusal");
}
