// Every text of the Time and place screens in one place (the console's Settings → Time and place,
// and the "Your time zone" form on the account pages), so a translation layer can take them over.

export const PLACE_TEXT = {
  title: "Time and place",
  intro:
    "The agency's time zone, date and number format, and currency. Guests, mails to people without a time zone of their own, and the scheduled backups and retention runs use the time zone; everyone signed in sees dates in their own.",
  back: "Back to Settings",
  settingsLink: "Time zone, date and number format, and currency:",
  fields: {
    timeZone: { label: "Time zone", hint: "An IANA name, e.g. Asia/Kolkata, Europe/Berlin or UTC." },
    locale: { label: "Locale", hint: "Date and number format and the page language, e.g. en-IN, en-US, en-GB or de-DE." },
    currency: { label: "Currency", hint: "An ISO 4217 code, e.g. INR, USD, EUR." },
  },
  preview: "With these settings:",
  previewLabels: { dateTime: "A date and time", number: "A number", money: "An amount" },
  save: "Save",
  saving: "Saving...",
  saved: "Time and place saved. Pages, mails and schedules use them at once.",
  stale: "Someone else changed these settings since you opened the page. Reload to see theirs, then save again.",
  failure: "The time and place could not be saved. Please try again.",
  errors: {
    timeZone: "Choose a time zone this server knows, e.g. Asia/Kolkata, Europe/Berlin or UTC.",
    locale: "Enter a locale this server knows, e.g. en-IN, en-US, en-GB or de-DE.",
    currency: "Enter a currency code this server knows (ISO 4217), e.g. INR, USD or EUR.",
  },
  own: {
    heading: "Your time zone",
    detail: "Dates and times on your pages and in your e-mails are shown in it.",
    fromBrowser: "First taken from your browser; change it if it is wrong.",
    unset: (agencyZone: string) => `Not set: the agency's (${agencyZone})`,
    save: "Save time zone",
    saved: "Time zone saved.",
    failure: "Your time zone could not be saved. Please try again.",
  },
} as const;
