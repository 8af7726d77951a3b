import { expect, test } from "vitest";
import { bodyOf, documentResponse } from "~/server/http/send-document.server";

test("A rendered document's bytes are handed over as rendered, without reading its body stream", async () => {
  const page = Buffer.from("<!DOCTYPE html><p>Zoë</p>");
  const response = documentResponse(page, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" } });
  expect(await bodyOf(response)).toBe(page);
  expect(response.bodyUsed).toBe(false);
  // Anything else reading the response still gets the same page.
  expect(await response.text()).toBe("<!DOCTYPE html><p>Zoë</p>");
});

test("Any other response's body is read from its stream", async () => {
  const response = new Response("<p>Other</p>", { status: 404 });
  expect((await bodyOf(response)).toString("utf8")).toBe("<p>Other</p>");
  expect(response.bodyUsed).toBe(true);
});
