import { signInStaff, signUp, type TestUser } from "./accounts";
import { useAppDatabase, type TestDatabase } from "./databases";

export interface TwoClientsAndStaff {
  /** A client of her own company (alice@example.com). */
  alice: TestUser;
  /** A client of another company (bob@example.org): what Alice may never see. */
  bob: TestUser;
  /** priya@indigokite.dev, made as the CLI makes staff (registering a company address is refused). */
  staff: TestUser;
  cleanup: () => Promise<void>;
}

/**
 * A fresh app database (as `useAppDatabase`) with the cast of the portal and console suites
 * signed in: two clients of different companies and one staff member called `staffName`.
 */
export async function useAppWithTwoClients(database: TestDatabase, { staffName }: { staffName: string }): Promise<TwoClientsAndStaff> {
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a test helper named like one, not a React hook
  const { cleanup } = await useAppDatabase(database);
  const alice = await signUp("alice@example.com", "Alice");
  const bob = await signUp("bob@example.org", "Bob");
  const staff = await signInStaff("priya@indigokite.dev", { name: staffName });
  return { alice, bob, staff, cleanup };
}
