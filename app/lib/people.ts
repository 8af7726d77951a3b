// Decision 0075: one way to show a person, on every page, list and mail.

/** A person as shown: their full name, else their e-mail (never the e-mail's local part). */
export function displayName(person: { name?: string | null; email: string }): string {
  return person.name?.trim() || person.email;
}

/** The name a self-registered company gets when nobody gave one: the founder's name or e-mail's local part. */
export function fallbackCompanyName(person: { name?: string | null; email: string }): string {
  return person.name?.trim() || person.email.split("@")[0]?.trim() || "Client";
}
