// The benchmark's ceiling: a bare node:http server answering every request with one response held
// in memory (status, headers and body captured from the app's `/`). Run as its own process, like
// the app server, so both are measured the same way: one server process, the load generator outside.
//   node scripts/lib/bare-server.mjs <response.json>   → prints "listening <port>"
import http from "node:http";
import { readFileSync } from "node:fs";

const captured = JSON.parse(readFileSync(process.argv[2], "utf8"));
const body = Buffer.from(captured.body, "base64");
const headers = captured.headers;

const server = http.createServer((req, res) => {
  res.writeHead(captured.status, headers);
  res.end(req.method === "HEAD" ? undefined : body);
});
server.keepAliveTimeout = 65_000;
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`listening ${server.address().port}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
