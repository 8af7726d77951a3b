// A lead's or an application's page posts one of two forms: its pipeline value, or a note.
export const NOTE_INTENT = "note";

export const REVIEW_SAVE_FAILURE = "The change could not be saved. Please try again.";
