import { expect, test } from "vitest";
import { FORM_MAX_BYTES, readForm } from "~/server/http/form-data.server";

function post(body: BodyInit, contentType?: string) {
  return new Request("http://localhost/x", { method: "POST", body, headers: contentType ? { "Content-Type": contentType } : {} });
}

async function statusOf(request: Request): Promise<number> {
  try {
    await readForm(request);
    return 200;
  } catch (error) {
    if (error instanceof Response) return error.status;
    throw error;
  }
}

test("A urlencoded or multipart form is read as usual, repeated fields included", async () => {
  const form = await readForm(
    post(
      new URLSearchParams([
        ["a", "1"],
        ["a", "2"],
        ["b", "x"],
      ]),
    ),
  );
  expect(form.getAll("a")).toEqual(["1", "2"]);
  const multipart = new FormData();
  multipart.append("c", "3");
  expect((await readForm(post(multipart))).get("c")).toBe("3");
});

test("A body that is not a form is refused with 415", async () => {
  expect(await statusOf(post('{"a":1}', "application/json"))).toBe(415);
  expect(await statusOf(post("a=1", "text/plain"))).toBe(415);
  expect(await statusOf(post("a=1"))).toBe(415);
});

test("A multipart body without its boundary, or cut short, is refused with 400", async () => {
  expect(await statusOf(post("a=1", "multipart/form-data"))).toBe(400);
  expect(await statusOf(post('--XX\r\nContent-Disposition: form-data; name="a"\r\n\r\n1', "multipart/form-data; boundary=XX"))).toBe(400);
});

test("A body over the limit is refused with 413 without reading the rest", async () => {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled += 64 * 1024;
      controller.enqueue(new Uint8Array(64 * 1024).fill(0x61));
      if (pulled > 50 * 1024 * 1024) controller.close();
    },
  });
  const request = new Request("http://localhost/x", {
    method: "POST",
    body: stream,
    duplex: "half",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  } as RequestInit);
  expect(await statusOf(request)).toBe(413);
  expect(pulled).toBeLessThan(FORM_MAX_BYTES + 256 * 1024);
});

test("Invalid UTF-8 is read with replacement characters, not refused", async () => {
  const bytes = new Uint8Array([0x61, 0x3d, 0xff, 0xfe, 0x25, 0x46, 0x46]);
  expect((await readForm(post(bytes, "application/x-www-form-urlencoded"))).get("a")).toBe("\uFFFD\uFFFD\uFFFD");
});
