export { appRouter, createCaller, type AppRouter, type RouterInputs, type RouterOutputs } from "./root";
export { createContextInner, resolveSession, noopSessionCookie, type Context, type SessionCookie } from "./context";
export { publicMessage } from "./errors";
export { serializeOutput } from "./transformer";
