/** postgres.js's own codes for a connection that went away, and the OS's for one that never came. */
const LOST_CONNECTION_CODES = new Set([
  "CONNECTION_DESTROYED",
  "CONNECTION_ENDED",
  "CONNECTION_CLOSED",
  "CONNECT_TIMEOUT",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
]);

/** SQLSTATEs of a server ending or refusing the session: admin/crash shutdown, starting up. */
const LOST_CONNECTION_STATES = new Set(["57P01", "57P02", "57P03"]);

/** The codes of an error and of the errors it wraps (drizzle wraps the driver's in `cause`), outermost first. */
export function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  for (
    let current = error, depth = 0;
    current && depth < 5;
    current = (current as { cause?: unknown }).cause, depth++
  ) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") codes.push(code);
  }
  return codes;
}

/**
 * Whether an error (or any error it wraps) says the database connection was lost or could not be made,
 * rather than that the statement itself was refused. SQLSTATE class 08 is "connection exception".
 */
export function isConnectionLost(error: unknown): boolean {
  return errorCodes(error).some(
    (code) => LOST_CONNECTION_CODES.has(code) || LOST_CONNECTION_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code),
  );
}
