import { expect, test } from "vitest";
import { clientIpBucket } from "~/server/defence/client-ip-bucket";

test("An IPv4 client has a bucket of its own", () => {
  expect(clientIpBucket("192.0.2.10")).toBe("192.0.2.10");
  expect(clientIpBucket("192.0.2.11")).not.toBe(clientIpBucket("192.0.2.10"));
});

test("An IPv4 address written as IPv4-mapped IPv6 is the same IPv4 client", () => {
  expect(clientIpBucket("::ffff:192.0.2.10")).toBe("192.0.2.10");
  expect(clientIpBucket("::FFFF:192.0.2.10")).toBe("192.0.2.10");
});

test("Every address inside one IPv6 /64 shares a bucket, however it is written", () => {
  const bucket = clientIpBucket("2001:db8:15:64::1");
  expect(bucket).toBe("2001:db8:15:64::/64");
  for (const address of [
    "2001:db8:15:64:ffff:ffff:ffff:fffe",
    "2001:0DB8:0015:0064:0:0:0:2",
    "2001:db8:15:64:1:2:3:4",
    "2001:db8:15:64::1%eth0",
  ]) {
    expect(clientIpBucket(address)).toBe(bucket);
  }
});

test("The next /64 is another bucket", () => {
  expect(clientIpBucket("2001:db8:15:65::1")).toBe("2001:db8:15:65::/64");
  expect(clientIpBucket("2001:db8::1")).toBe("2001:db8:0:0::/64");
  expect(clientIpBucket("::1")).toBe("0:0:0:0::/64");
  expect(clientIpBucket("fe80::1:2")).toBe("fe80:0:0:0::/64");
});

test("An IPv6 address with an IPv4 tail is bucketed by its first 64 bits", () => {
  expect(clientIpBucket("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
});

test("Anything that is not an address is kept as it is", () => {
  expect(clientIpBucket("unknown")).toBe("unknown");
  expect(clientIpBucket("")).toBe("");
});
