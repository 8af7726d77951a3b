// A fixed locale and zone, so the server's HTML and the browser's render agree.
const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });
const dateTimeFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export function formatDate(epochMs: number): string {
  return dateFormat.format(epochMs);
}

export function formatDateTime(epochMs: number): string {
  return `${dateTimeFormat.format(epochMs)} UTC`;
}

export function isoDate(epochMs: number): string {
  return new Date(epochMs).toISOString();
}
