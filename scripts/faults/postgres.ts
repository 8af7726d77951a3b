import type { Outcome } from "./lib/report";
export async function postgresSuite(): Promise<Outcome[]> { return []; }
