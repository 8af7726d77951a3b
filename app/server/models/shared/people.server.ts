import { sql, type RawBuilder } from "kysely";

// Decision 0075: a row that names a person (who asked for an approval, wrote a reply, uploaded a
// file) keeps their id and a copy of their name. Pages read the name as it is now while the
// account exists: full name, else e-mail, as app/lib/people.ts shows it. The copy answers once the
// account is gone (a removed member, an erased one: "Erased").

/** The person's current display name by `idColumn`, else the name stored in `storedColumn`. */
export function nameNow<T extends string | null = string>(idColumn: string, storedColumn: string): RawBuilder<T> {
  return sql<T>`coalesce((select coalesce(nullif(trim(who.name), ''), who.email) from users who where who.id = ${sql.ref(idColumn)}), ${sql.ref(storedColumn)})`;
}
