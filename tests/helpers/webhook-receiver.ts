import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedHook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface Answer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

export interface WebhookReceiver {
  /** http://127.0.0.1:PORT */
  url: string;
  received: ReceivedHook[];
  /** What the next request is answered; default 200 "ok". */
  answer: (hook: ReceivedHook) => Answer;
  stop(): Promise<void>;
}

/** A real HTTP receiver on 127.0.0.1 that keeps every request and answers as told. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = {
    url: "",
    received: [],
    answer: () => ({ status: 200, body: "ok" }),
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", () => {
      const hook = { path: request.url ?? "/", headers: request.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() };
      receiver.received.push(hook);
      const answer = receiver.answer(hook);
      response.writeHead(answer.status, { "content-type": "text/plain", ...answer.headers });
      response.end(answer.body ?? "");
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}

/** The Standard Webhooks headers of a received request, as the verifier takes them. */
export function hookHeaders(hook: ReceivedHook): Record<string, string> {
  return {
    "webhook-id": String(hook.headers["webhook-id"]),
    "webhook-timestamp": String(hook.headers["webhook-timestamp"]),
    "webhook-signature": String(hook.headers["webhook-signature"]),
  };
}
