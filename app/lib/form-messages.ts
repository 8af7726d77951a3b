export const RATE_LIMITED_MESSAGE = "Too many requests right now. Please wait a few minutes and try again.";
export const FORM_EXPIRED_MESSAGE = "This form has expired. Please reload the page and try again.";
