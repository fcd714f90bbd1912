import { writeInput } from "./input-writer";

/**
 * The web client's side of `transformer.ts` (ADR 0033): inputs written in superjson's format without the
 * library (`input-writer.ts`, held to superjson by its test), answers read as the plain JSON they are. A
 * client never reads an input nor writes an answer; those directions say so if they are ever asked.
 */
const serverSideOnly = () => {
  throw new Error("client-transformer: only the server reads inputs and writes answers");
};

export const clientTransformer = {
  input: { serialize: writeInput, deserialize: serverSideOnly },
  output: { serialize: serverSideOnly, deserialize: (answer: unknown) => answer },
};
