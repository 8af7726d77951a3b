import { expect, test } from "vitest";
import { eventChannelFor, listenStatement } from "~/server/events/event-channel.server";

test("The public schema keeps the historical channel; another schema gets its own, within PostgreSQL's 63 bytes", () => {
  expect(eventChannelFor("public")).toBe("agency_events");
  expect(eventChannelFor("staging")).toBe("agency_events.staging");
  expect(eventChannelFor("t_0123456789ab")).not.toBe(eventChannelFor("t_0123456789ac"));
  const long = "é".repeat(30); // 60 bytes in UTF-8
  expect(Buffer.byteLength(eventChannelFor(long))).toBeLessThanOrEqual(63);
  expect(eventChannelFor(long)).toMatch(/^agency_events\.[0-9a-f]{32}$/);
});

test("LISTEN quotes the channel as an identifier", () => {
  expect(listenStatement("agency_events.Staging")).toBe('LISTEN "agency_events.Staging"');
  expect(listenStatement('odd"name')).toBe('LISTEN "odd""name"');
});
