// METRICS_PORT: the Prometheus metrics on a listener of their own, loopback by default, for a
// scraper on the same host or network namespace (decision 0062). No token: where it listens is
// the protection. It answers GET and HEAD of /metrics and nothing else.
import http from "node:http";

interface MetricsListenerOptions {
  port: number;
  host: string;
  scrape: () => Promise<{ contentType: string; body: string }>;
  onError: (error: unknown) => void;
}

function answer(res: http.ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers });
  res.end(text);
}

export function startMetricsListener({ port, host, scrape, onError }: MetricsListenerOptions): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (path !== "/metrics") return answer(res, 404, "Not Found");
    if (req.method !== "GET" && req.method !== "HEAD") return answer(res, 405, "Method Not Allowed", { Allow: "GET, HEAD" });
    scrape().then(
      ({ contentType, body }) => {
        res.writeHead(200, { "Content-Type": contentType, "Cache-Control": "no-store" });
        res.end(req.method === "HEAD" ? undefined : body);
      },
      (error: unknown) => {
        onError(error);
        answer(res, 500, "Internal Server Error");
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve(server);
    });
  });
}
