/** Paths whose next segment is a secret, longest first; nginx's access log redacts that segment. */
export const TOKEN_PATH_PREFIXES: readonly string[];
