// Business constants from SPEC §9; texts and numbers are exact.
export const RESUME_MAX_BYTES = 10_485_760;
export const SECRET_TAP_CLICKS = 5;
export const SECRET_TAP_RESET_MS = 1_500;
export const SECRET_TAP_ZONE = 0.2;
export const SCROLL_TOP_THRESHOLD_PX = 200;
export const LEADERSHIP_INTERVAL_MS = 10_000;
export const LOGOS_INTERVAL_MS = 15_000;
export const TESTIMONIALS_INTERVAL_MS = 20_000;
export const CALLBACK_HOURS = 24;
export const THEME_STORAGE_KEY = "theme";
// Not SPEC: the console sidebar's rail choice (decision 0077), "rail" or "open".
export const SIDEBAR_STORAGE_KEY = "sidebar";

export const QUOTE_SUCCESS_MESSAGE =
  "Request submitted successfully! Please wait up to 24 hours for a callback. A confirmation email has been sent to your inbox.";
export const QUOTE_FAILURE_MESSAGE = "Something went wrong. Please try again.";
export const SERVICE_NOT_FOUND_MESSAGE = "Service not found.";

export const RESUME_TYPE_MESSAGE = "Only PDF or Word documents are allowed.";
export const RESUME_SIZE_MESSAGE = "File size must be less than 10 MB.";
export const RESUME_HELP_TEXT = "Only PDF or Word documents under 10 MB are accepted.";
export const RESUME_ACCEPT = ".pdf,.doc,.docx";
export const RESUME_MIME_TYPES = [
  "application/pdf",
  "application/msword",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
];
export const APPLICATION_SUCCESS_MESSAGE = "Application submitted successfully!";
export const APPLICATION_FAILURE_MESSAGE = "Error submitting application.";
