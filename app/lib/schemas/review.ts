// A lead's or an application's page posts one of two forms: its pipeline value, or a note.
export const NOTE_INTENT = "note";
