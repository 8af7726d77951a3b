// The operator's switches (console Settings), their defaults and labels. Both the
// settings model and the sign-up gate read these, so a missing row means the same everywhere.

export interface AppSettings {
  /** SPEC: anyone may register at /login. Off: /login offers sign-in only. */
  selfRegistration: boolean;
  /** SPEC "My Projects": a client may create a project. Off: only staff create them. */
  clientProjects: boolean;
  /** Decision 0098: staff may sign in with an e-mailed link. Off: a staff address gets no link. */
  staffMagicLink: boolean;
  /** Decision 0101: mail from an unknown address makes a lead. Off: it is held for review. */
  inboundLeads: boolean;
  /** Decision 0105: a colleague who joins as Delivery starts limited to their assigned companies. */
  newDeliveryAssignedOnly: boolean;
}

export const SETTING_DEFAULTS: AppSettings = {
  selfRegistration: true,
  clientProjects: true,
  staffMagicLink: false,
  inboundLeads: false,
  newDeliveryAssignedOnly: true,
};
export const SETTING_KEYS = Object.keys(SETTING_DEFAULTS) as (keyof AppSettings)[];

/** Stored rows (key → "on"/"off") over the defaults; unknown keys are ignored. */
export function settingsFromRows(rows: { key: string; value: string }[]): AppSettings {
  const settings = { ...SETTING_DEFAULTS };
  for (const row of rows) if ((SETTING_KEYS as string[]).includes(row.key)) settings[row.key as keyof AppSettings] = row.value === "on";
  return settings;
}
