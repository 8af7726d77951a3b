import { afterEach, expect, test, vi } from "vitest";
import { data, redirect } from "react-router";
import { FORM_TIMEOUT_MS, keepFailureInForm } from "~/lib/form-failure";

// The clientAction helper every form route uses when its request fails.

function post(fields: Record<string, string>) {
  return new Request("http://localhost/form", { method: "POST", body: new URLSearchParams(fields) });
}

function unwrap(value: unknown) {
  return value as { data: unknown; init: { status: number } };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

test("A lost connection answers the intent's message, with the row it came from and a 503", async () => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  const outcome = unwrap(
    await keepFailureInForm(
      post({ intent: "reply", complaintId: "c-1" }),
      () => Promise.reject(new TypeError("Failed to fetch")),
      { reply: "Failed to send reply." },
      { targetField: "complaintId" },
    ),
  );
  expect(outcome.data).toEqual({ intent: "reply", status: "error", message: "Failed to send reply.", targetId: "c-1" });
  expect(outcome.init.status).toBe(503);
});

test("A 5xx answer counts as a failure; redirects, 4xx answers and intents without a message pass through", async () => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  const serverError = new Response("Bad gateway", { status: 502 });
  const failed = unwrap(await keepFailureInForm(post({}), () => Promise.reject(serverError), "Failed."));
  expect(failed.data).toMatchObject({ status: "error", message: "Failed." });

  const moved = redirect("/elsewhere");
  await expect(keepFailureInForm(post({}), () => Promise.reject(moved), "Failed.")).rejects.toBe(moved);
  const forged = new Response("Unknown form.", { status: 400 });
  await expect(keepFailureInForm(post({}), () => Promise.reject(forged), "Failed.")).rejects.toBe(forged);
  const crash = new Error("boom");
  await expect(keepFailureInForm(post({ intent: "other" }), () => Promise.reject(crash), { save: "Failed." })).rejects.toBe(crash);
});

test("A successful answer is returned as it is", async () => {
  const answer = data({ status: "success" as const }, { status: 200 });
  expect(await keepFailureInForm(post({ intent: "save" }), () => Promise.resolve(answer), "Failed.")).toBe(answer);
});

test("No answer within the time limit ends in the message", async () => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  vi.useFakeTimers();
  const pending = keepFailureInForm(post({ intent: "save" }), () => new Promise(() => undefined), {
    save: "Failed to save profile. Try again.",
  });
  await vi.advanceTimersByTimeAsync(FORM_TIMEOUT_MS);
  expect(unwrap(await pending).data).toMatchObject({ intent: "save", status: "error", message: "Failed to save profile. Try again." });
});
