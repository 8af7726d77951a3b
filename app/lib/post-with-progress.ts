export interface PostResult<T> {
  status: "success" | "failure";
  httpStatus: number;
  body: T | null;
}

/**
 * No answer in 2 minutes counts as a failure. Longer than the other forms' 30 s: a 10 MB
 * resume on a slow uplink takes a while.
 */
export const UPLOAD_TIMEOUT_MS = 120_000;

/** POSTs a form with XMLHttpRequest, the one browser API that reports upload progress (0..1). */
export function postWithProgress<T>(url: string, body: FormData, onProgress: (fraction: number) => void): Promise<PostResult<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.responseType = "json";
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const ok = xhr.status >= 200 && xhr.status < 300;
      resolve({ status: ok ? "success" : "failure", httpStatus: xhr.status, body: (xhr.response as T | null) ?? null });
    };
    xhr.onerror = () => reject(new Error("network error"));
    xhr.onabort = () => reject(new Error("aborted"));
    xhr.ontimeout = () => reject(new Error("timed out"));
    xhr.send(body);
  });
}
