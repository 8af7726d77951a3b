// The part of autocannon's API the fault suite uses (the package ships no types).
declare module "autocannon" {
  interface RawRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }
  interface RequestStep {
    method?: string;
    path?: string;
    setupRequest?: (req: RawRequest, context: Record<string, unknown>) => RawRequest;
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  }
  interface Options {
    url: string;
    connections?: number;
    amount?: number;
    duration?: number;
    timeout?: number;
    headers?: Record<string, string>;
    requests?: RequestStep[];
  }
  interface Result {
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    "5xx": number;
    statusCodeStats: Record<string, { count: number }>;
    latency: { p50: number; p99: number };
    requests: { total: number; sent: number };
    duration: number;
  }
  function autocannon(
    options: Options,
    callback: (error: Error | null, result: Result) => void,
  ): { on(event: "error", fn: (error: Error) => void): void };
  export default autocannon;
  export type { Options, Result };
}
