import type { RouterOutputs } from "../../lib/trpc";

export type DashboardData = RouterOutputs["requests"]["dashboard"];
export type RequestView = DashboardData["myRequests"][number];
export type DashboardGroup = DashboardData["groups"][number];
