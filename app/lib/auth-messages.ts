// SPEC §5 and §8, letter for letter.
export const EMPLOYEE_ON_CUSTOMER_FORM = "Employee accounts must use the Employee Login form.";
export const EMPLOYEE_ON_CUSTOMER_GOOGLE = "Employee emails are not allowed in user login. Use Employee Login.";
export const CUSTOMER_GOOGLE_FAILED = "Google sign-in failed. Try again.";
export const EMPLOYEE_LOGIN_FAILED = "Invalid credentials or unauthorized access.";
export const EMPLOYEE_GOOGLE_FAILED = "Google sign-in failed or unauthorized account.";
export const ACCOUNT_CREATED = "Account created successfully!";
export const LOGGED_IN = "Logged in successfully!";
export const WELCOME_BACK = "Welcome back!";
export const LOGOUT_FAILED = "Error logging out. Please try again.";
// The provider's answer when it has none of its own (SPEC §8 "the provider's error message"); also
// what the forms show when the request itself fails.
export const SIGN_IN_FAILED = "Sign-in failed. Please try again.";
export const REGISTER_FAILED = "Could not create the account. Please try again.";
export const TOO_MANY_ATTEMPTS = "Too many sign-in attempts. Please wait a few minutes and try again.";

export function employeeDomainOnly(domain: string): string {
  return `Only @${domain} emails are allowed for employee login.`;
}
// Self-registration turned off in the console's Settings (sign-in stays).
export const REGISTRATION_CLOSED =
  "New client accounts are by invitation only. If your company works with us, ask your contact at the agency to invite you.";
export const REGISTRATION_CLOSED_REFUSAL = "registration_closed";
