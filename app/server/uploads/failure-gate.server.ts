// The streamed multipart parsers' one rule for failing (resumes and workspace uploads alike): the
// first failure wins and tears the body's pipeline down; a client that goes away is a failure too.

export interface FailureGate {
  /** Aborts the body's pipeline and every file stream with the first failure. */
  signal: AbortSignal;
  /** Records `error` unless something failed first. */
  fail(error: Error): void;
  /** The first failure, if any. */
  failure(): Error | undefined;
  /** Stops listening to the request once the body is read. */
  release(): void;
}

export function failureGate(request: Request, interrupted: () => Error): FailureGate {
  const abort = new AbortController();
  let first: Error | undefined;
  const fail = (error: Error) => {
    if (first) return;
    first = error;
    // Busboy calls us mid-write; tearing it down inside that call breaks its state, so wait a tick.
    queueMicrotask(() => abort.abort(error));
  };
  const onClientAbort = () => fail(interrupted());
  if (request.signal.aborted) onClientAbort();
  request.signal.addEventListener("abort", onClientAbort, { once: true });
  return { signal: abort.signal, fail, failure: () => first, release: () => request.signal.removeEventListener("abort", onClientAbort) };
}
