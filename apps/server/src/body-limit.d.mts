/** The largest request body an instance reads; nginx (deploy/) refuses anything larger itself. */
export const BODY_LIMIT_BYTES: number;
