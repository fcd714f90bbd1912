import type { AnyProcedure, inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import { adminRouter } from "./routers/admin";
import { systemRouter } from "./routers/system";
import { authRouter } from "./routers/auth";
import { calendarRouter } from "./routers/calendar";
import { feedbackRouter } from "./routers/feedback";
import { groupLinksRouter } from "./routers/group-links";
import { groupsRouter } from "./routers/groups";
import { invitationsRouter } from "./routers/invitations";
import { limitsRouter } from "./routers/limits";
import { pushRouter } from "./routers/push";
import { requestsRouter } from "./routers/requests";
import { unsubscribeRouter } from "./routers/unsubscribe";
import { userRouter } from "./routers/user";
import { blocksRouter } from "./routers/blocks";
import { reportsRouter } from "./routers/reports";
import { tripsRouter } from "./routers/trips";
import { requestSeriesRouter } from "./routers/request-series";
import { offlineMembersRouter } from "./routers/offline-members";
import { checkOutputs } from "./output-checks";
import { createCallerFactory, router } from "./trpc";

export const appRouter = router({
  auth: authRouter,
  user: userRouter,
  feedback: feedbackRouter,
  admin: adminRouter,
  system: systemRouter,
  groups: groupsRouter,
  groupLinks: groupLinksRouter,
  invitations: invitationsRouter,
  limits: limitsRouter,
  requests: requestsRouter,
  unsubscribe: unsubscribeRouter,
  calendar: calendarRouter,
  push: pushRouter,
  blocks: blocksRouter,
  reports: reportsRouter,
  trips: tripsRouter,
  requestSeries: requestSeriesRouter,
  offlineMembers: offlineMembersRouter,
});

// Answers are checked strictly, where the context asks for checks (ADR 0027).
checkOutputs(Object.values(appRouter._def.procedures as unknown as Record<string, AnyProcedure>));

export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

export const createCaller = createCallerFactory(appRouter);
