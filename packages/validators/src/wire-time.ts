import { z } from "zod";

/**
 * A time in an answer (ADR 0033): a procedure returns a Date, the wire carries its ISO text, which is
 * what `JSON.stringify` writes for a Date (its `toJSON` is `toISOString`). The input side (a Date) is
 * what services give (`z.input` of an output schema); the output side (the text) is what clients read
 * (`RouterOutputs`, `z.output`) and what the OpenAPI document describes. Clients make a Date of it only
 * where they compute with the time.
 */
export const isoDateTime = z.codec(z.date(), z.iso.datetime(), {
  decode: (date) => date.toISOString(),
  encode: (text) => new Date(text),
});
