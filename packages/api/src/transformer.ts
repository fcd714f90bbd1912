import superjson from "superjson";
import { serializeOutput, type SuperJSONResult } from "./answer-writer";

/**
 * Inputs are read by superjson as before; answers are written in superjson's format by
 * `answer-writer.ts` (ADR 0031). The web client keeps plain `superjson` for both directions.
 */
export const transformer = {
  input: superjson,
  output: { serialize: serializeOutput, deserialize: (data: SuperJSONResult) => superjson.deserialize(data) },
};
