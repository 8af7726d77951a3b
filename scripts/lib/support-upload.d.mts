// Types for support-upload.mjs, for the TypeScript fault suite.
export interface GeneratedFile {
  name: string;
  size: number;
}

export function registerClient(url: string, email: string, password?: string): Promise<string>;
export function pdfChunks(size: number): Generator<Buffer>;
export function multipart(
  fields: Record<string, string>,
  files: GeneratedFile[],
): { contentType: string; length: number; chunks(): Generator<Buffer> };
export function postSupportForm(
  url: string,
  path: string,
  cookie: string,
  fields: Record<string, string>,
  files: GeneratedFile[],
  options?: { cutAfter?: number; onProgress?: (sent: number, total: number) => void },
): Promise<number>;
