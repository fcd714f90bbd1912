import type { RouterOutputs } from "../../lib/trpc";

export type DashboardData = RouterOutputs["requests"]["dashboard"];
export type RequestView = DashboardData["myRequests"][number];
export type DashboardGroup = DashboardData["groups"][number];
/** GET /requests/{id}: the request, with the requester's phone for its "ask me first" helper (issue 28). */
export type OneRequestView = RouterOutputs["requests"]["byId"];
