// How long records nobody needs any more are kept, per kind (decision 0049).
// Leads and applications are the operator's call (console Settings → Data retention); closed
// companies follow the SPEC's Terms and Privacy Policy: client data is kept 60 days after cancellation.

export interface RetentionSettings {
  /** Days a rejected or withdrawn application is kept after it entered that stage. */
  applicationDays: number;
  /** Days a lost lead is kept after it was marked lost. */
  leadDays: number;
  /**
   * Days the original of an inbound mail (its raw message, sender and subject) is kept after it
   * arrived. What it became (a reply, a request, a comment, a lead) stays with those records.
   */
  inboundMailDays: number;
}

export const RETENTION_DEFAULTS: RetentionSettings = { applicationDays: 180, leadDays: 365, inboundMailDays: 90 };
/** SPEC: "client data kept 60 days after cancellation" (Terms, Privacy). */
export const CLOSED_COMPANY_DAYS = 60;
/** A month at least (a typo must not purge last week's records), ten years at most. */
export const RETENTION_MIN_DAYS = 30;
export const RETENTION_MAX_DAYS = 3650;
export const DAY_MS = 86_400_000;

/** app_settings keys of the values (the table also holds the on/off switches). */
export const RETENTION_KEYS: Record<keyof RetentionSettings, string> = {
  applicationDays: "retentionApplicationDays",
  leadDays: "retentionLeadDays",
  inboundMailDays: "retentionInboundMailDays",
};

/** Stored rows over the defaults; a value that is not a whole number in bounds counts as unset. */
export function retentionFromRows(rows: { key: string; value: string }[]): RetentionSettings {
  const settings = { ...RETENTION_DEFAULTS };
  for (const name of Object.keys(RETENTION_KEYS) as (keyof RetentionSettings)[]) {
    const value = Number(rows.find((r) => r.key === RETENTION_KEYS[name])?.value);
    if (Number.isInteger(value) && value >= RETENTION_MIN_DAYS && value <= RETENTION_MAX_DAYS) settings[name] = value;
  }
  return settings;
}

/** Application stages retention purges. */
export const PURGED_STAGES = ["rejected", "withdrawn"] as const;
/** Lead statuses retention purges. */
export const PURGED_STATUSES = ["lost"] as const;
