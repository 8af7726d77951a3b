import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { endpointUrlProblem, isPublicAddress, parseAllowedHosts } from "~/server/webhooks/addresses.server";
import { DestinationRefused, KEPT_BODY_BYTES, postWebhook, type Resolve } from "~/server/webhooks/safe-post.server";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";

// Decision 0103, docs/security.md "Webhooks": no request to private, loopback, link-local or other
// non-public addresses, checked on the resolved addresses when the connection is made; redirects
// not followed; 10 s; 1 kB of the answer. Hosts in WEBHOOK_ALLOWED_HOSTS are exempt.

const NONE = parseAllowedHosts("");
const post = (url: string, options: { allowed?: ReadonlySet<string>; resolve?: Resolve; timeoutMs?: number } = {}) =>
  postWebhook(
    url,
    '{"type":"webhook.test"}',
    { "content-type": "application/json" },
    { allowedHosts: options.allowed ?? NONE, ...options },
  );

describe("Webhook destinations", () => {
  let receiver: WebhookReceiver;
  let port: string;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    port = new URL(receiver.url).port;
  });
  afterAll(() => receiver.stop());

  test.each([
    ["127.0.0.1", false],
    ["127.8.9.10", false],
    ["::1", false],
    ["[::1]", false],
    ["169.254.169.254", false],
    ["10.0.0.1", false],
    ["172.16.5.4", false],
    ["192.168.1.1", false],
    ["100.64.0.1", false],
    ["0.0.0.0", false],
    ["::", false],
    ["224.0.0.1", false],
    ["255.255.255.255", false],
    ["::ffff:127.0.0.1", false],
    ["::ffff:7f00:1", false],
    ["::ffff:169.254.169.254", false],
    ["::7f00:1", false],
    ["64:ff9b::7f00:1", false],
    ["fe80::1", false],
    ["fd00::1", false],
    ["198.18.0.1", false],
    ["192.0.2.1", false],
    ["8.8.8.8", true],
    ["1.1.1.1", true],
    ["::ffff:8.8.8.8", true],
    ["2606:4700:4700::1111", true],
  ])("%s is public: %s", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  test("The endpoint form refuses plain http, credentials and private literals unless the host is allowed", () => {
    expect(endpointUrlProblem("https://hooks.example.com/in", NONE)).toBeNull();
    expect(endpointUrlProblem("http://hooks.example.com/in", NONE)).toMatch(/must start with https/);
    expect(endpointUrlProblem("https://user:pw@hooks.example.com/", NONE)).toMatch(/user name or password/);
    expect(endpointUrlProblem("https://169.254.169.254/latest/meta-data", NONE)).toMatch(/private, loopback or reserved/);
    expect(endpointUrlProblem("https://[::1]/", NONE)).toMatch(/private, loopback or reserved/);
    expect(endpointUrlProblem("https://localhost/", NONE)).toMatch(/private, loopback or reserved/);
    expect(endpointUrlProblem("ftp://hooks.example.com/", NONE)).toMatch(/must start with https/);
    const local = parseAllowedHosts("127.0.0.1, localhost");
    expect(endpointUrlProblem("http://127.0.0.1:9000/in", local)).toBeNull();
    expect(endpointUrlProblem("http://localhost:9000/in", local)).toBeNull();
  });

  test("A request to 127.0.0.1 is refused before anything is sent when it is not allowed, and made when it is", async () => {
    await expect(post(`http://127.0.0.1:${port}/`)).rejects.toBeInstanceOf(DestinationRefused);
    await expect(post(`https://127.0.0.1:${port}/`)).rejects.toThrow("127.0.0.1 is not a public address");
    expect(receiver.received).toHaveLength(0);
    const answer = await post(`http://127.0.0.1:${port}/ok`, { allowed: parseAllowedHosts("127.0.0.1") });
    expect(answer.status).toBe(200);
    expect(receiver.received).toHaveLength(1);
    receiver.received.length = 0;
  });

  test("[::1], 169.254.169.254 and IPv4 hidden in IPv6 are refused", async () => {
    for (const url of [
      `https://[::1]:${port}/`,
      "https://169.254.169.254/latest/meta-data/",
      `https://[::ffff:127.0.0.1]:${port}/`,
      `https://[::ffff:a9fe:a9fe]/`,
    ])
      await expect(post(url), url).rejects.toBeInstanceOf(DestinationRefused);
    expect(receiver.received).toHaveLength(0);
  });

  test("A name that resolves to a private address is refused when it connects, whatever it resolved to before", async () => {
    // DNS rebinding: public when the URL was saved, private when the request is made.
    let answers = 0;
    const rebinding: Resolve = async () =>
      answers++ === 0 ? [{ address: "93.184.216.34", family: 4 }] : [{ address: "127.0.0.1", family: 4 }];
    expect(endpointUrlProblem(`https://rebind.example.test:${port}/`, NONE)).toBeNull();
    await rebinding("rebind.example.test");
    await expect(post(`https://rebind.example.test:${port}/`, { resolve: rebinding })).rejects.toThrow(
      "rebind.example.test resolves to 127.0.0.1, which is not a public address",
    );
    // One private address among public ones is enough to refuse.
    const mixed: Resolve = async () => [
      { address: "93.184.216.34", family: 4 },
      { address: "10.0.0.7", family: 4 },
    ];
    await expect(post(`https://mixed.example.test:${port}/`, { resolve: mixed })).rejects.toBeInstanceOf(DestinationRefused);
    const mapped: Resolve = async () => [{ address: "::ffff:127.0.0.1", family: 6 }];
    await expect(post(`https://mapped.example.test:${port}/`, { resolve: mapped })).rejects.toBeInstanceOf(DestinationRefused);
    expect(receiver.received).toHaveLength(0);
  });

  test("The connection goes to the address our resolver checked (an allowed name resolved to the receiver)", async () => {
    const resolve: Resolve = async (name) => (name === "hooks.internal" ? [{ address: "127.0.0.1", family: 4 }] : []);
    const answer = await post(`http://hooks.internal:${port}/through-lookup`, { allowed: parseAllowedHosts("hooks.internal"), resolve });
    expect(answer.status).toBe(200);
    expect(receiver.received.map((h) => [h.path, h.headers.host])).toEqual([["/through-lookup", `hooks.internal:${port}`]]);
    receiver.received.length = 0;
  });

  test("A redirect to a private address is not followed", async () => {
    receiver.answer = () => ({ status: 302, headers: { location: "http://169.254.169.254/latest/meta-data/" }, body: "moved" });
    const answer = await post(`http://127.0.0.1:${port}/redirect`, { allowed: parseAllowedHosts("127.0.0.1") });
    expect(answer.status).toBe(302);
    expect(receiver.received).toHaveLength(1);
    receiver.answer = () => ({ status: 200, body: "ok" });
    receiver.received.length = 0;
  });

  test("Only the first 1 kB of a large answer is read", async () => {
    receiver.answer = () => ({ status: 200, body: "é".repeat(300_000) });
    const answer = await post(`http://127.0.0.1:${port}/big`, { allowed: parseAllowedHosts("127.0.0.1") });
    expect(Buffer.byteLength(answer.body)).toBeLessThanOrEqual(KEPT_BODY_BYTES);
    expect(answer.body.startsWith("éé")).toBe(true);
    receiver.answer = () => ({ status: 200, body: "ok" });
    receiver.received.length = 0;
  });

  test("A receiver that never answers is given up on at the timeout", async () => {
    const silent: Server = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", () => resolve()));
    const silentPort = (silent.address() as AddressInfo).port;
    try {
      await expect(post(`http://127.0.0.1:${silentPort}/`, { allowed: parseAllowedHosts("127.0.0.1"), timeoutMs: 300 })).rejects.toThrow(
        "no answer within 0.3 s",
      );
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
