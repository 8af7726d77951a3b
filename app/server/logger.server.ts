import pino from "pino";

// Structured JSON logs on stdout; level from LOG_LEVEL so tests and benchmarks can quiet them.
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info"),
  base: { service: "agency-site" },
  redact: ["req.headers.cookie", "req.headers.authorization", "res.headers['set-cookie']"],
});
