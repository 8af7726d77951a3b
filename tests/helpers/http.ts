import http from "node:http";
import type { AddressInfo } from "node:net";

export interface TestHttpServer {
  port: number;
  /** http://127.0.0.1:{port} */
  url: string;
  close(): Promise<void>;
}

/** Serves `handler` on a free loopback port, as server.ts would serve the app. */
export async function serveOnLoopback(handler: http.RequestListener): Promise<TestHttpServer> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as sent (still compressed when the server compressed them). */
  body: Buffer;
  text: string;
}

/**
 * A request through node:http rather than fetch: Host, X-Forwarded-* and Accept-Encoding go out
 * exactly as given, and the body comes back undecoded.
 */
export function rawRequest(url: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: options.method ?? "GET", headers: options.headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const body = Buffer.concat(chunks);
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body, text: body.toString("utf8") });
      });
    });
    request.on("error", reject);
    request.end();
  });
}
