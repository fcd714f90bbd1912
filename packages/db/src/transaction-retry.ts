import { setTimeout as sleep } from "node:timers/promises";
import { errorCodes, isConnectionLost } from "./connection-errors";

/**
 * SQLSTATEs of a transaction PostgreSQL rolled back so that another could go on: a deadlock's victim
 * (40P01) and a serialization failure (40001). Nothing of it committed, and the same work run again
 * usually succeeds.
 */
const ABORTED_FOR_ANOTHER = new Set(["40P01", "40001"]);

/** A database's `transaction` (drizzle's `Database` in client.ts, which applies this: named here by shape, not imported). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any callback and config, as drizzle's own signature takes
type Transact = (callback: (tx: any) => Promise<any>, config?: any) => Promise<any>;

/** How many times a transaction runs at most: the first try and three more. */
export const TRANSACTION_ATTEMPTS = 4;

/**
 * Whether an error (or any error it wraps: drizzle wraps the driver's in `cause`) says the transaction was
 * rolled back as a deadlock's victim or a serialization failure. A lost connection never is: whether that
 * transaction committed is unknown.
 */
export function isAbortedForAnother(error: unknown): boolean {
  return !isConnectionLost(error) && errorCodes(error).some((code) => ABORTED_FOR_ANOTHER.has(code));
}

/** A pause before the next try, growing and jittered so that the transactions that met do not meet again. */
function pauseBefore(attempt: number): Promise<void> {
  return sleep(Math.round(5 * 2 ** attempt * (0.5 + Math.random())));
}

/**
 * Makes `db.transaction` run its callback again, in a new transaction, when PostgreSQL rolled the previous
 * try back as a deadlock's victim or a serialization failure (`isAbortedForAnother`), up to
 * TRANSACTION_ATTEMPTS tries; any other error, a lost connection among them, ends it at once. The callback
 * must therefore do nothing that a rollback does not undo and that is unsafe to repeat: its e-mails, jobs and
 * live events are rows and `pg_notify` in the transaction, and go with the try. Only the outermost
 * transaction runs again (a savepoint's error aborts it all), and a committed one never does: these errors
 * come only from a transaction PostgreSQL rolled back.
 */
export function retryingTransactions<D extends { transaction: Transact }>(db: D): D {
  const transaction: Transact = db.transaction.bind(db);
  const retrying: Transact = async (callback, config) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await transaction(callback, config);
      } catch (error) {
        if (attempt >= TRANSACTION_ATTEMPTS || !isAbortedForAnother(error)) throw error;
        await pauseBefore(attempt);
      }
    }
  };
  db.transaction = retrying as D["transaction"];
  return db;
}
