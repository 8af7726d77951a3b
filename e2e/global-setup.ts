import { markSetupDone } from "./helpers";

// Runs once the main server answers (Playwright starts its webServer first). The start-up contract
// makes a staff account before browser tests begin, so first-run setup is done and the staff login
// is the login, not /setup; e2e/setup.spec.ts starts a fresh server of its own for setup itself.
export default function globalSetup(): void {
  markSetupDone();
}
