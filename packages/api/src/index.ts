export { appRouter, createCaller, type AppRouter, type RouterInputs, type RouterOutputs } from "./root";
export {
  createContextInner,
  resolveSession,
  noopSessionCookie,
  type Context,
  type SessionCookie,
  type AuthSession,
} from "./context";
export { publicMessage } from "./errors";
export { procedureCatalog, catalogEntry, type CatalogEntry } from "./procedure-catalog";
export type { ProcedureMeta, RestMeta } from "./procedure-meta";
