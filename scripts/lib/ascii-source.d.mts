/** The source with every non-ASCII code unit written as \uXXXX; `count` says how many were. */
export function asciiSource(source: string): { code: string; count: number };
