/** Hidden field that people never fill but form-filling bots do. */
export const HONEYPOT_FIELD = "website";
/** Signed time the form was rendered; submissions faster than a person can type are dropped. */
export const FORM_TOKEN_FIELD = "formToken";
