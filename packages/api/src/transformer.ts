import superjson from "superjson";

/**
 * What tRPC does to values on the wire (ADR 0033), the same pair on the server and in the web client:
 * inputs in superjson's format (a Date in an input stays a Date), answers as plain JSON. An answer's
 * times are Dates that `JSON.stringify` writes as their ISO text, which is what their output schemas
 * declare (`isoDateTime`) and so what clients read; a client makes a Date of one only where it computes
 * with the time.
 */
export const transformer = {
  input: superjson,
  output: { serialize: (answer: unknown) => answer, deserialize: (answer: unknown) => answer },
};
