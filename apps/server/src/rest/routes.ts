import type { FastifyRequest } from "fastify";

/**
 * SPEC §7 as a table: each REST path calls one tRPC procedure through createCaller, so REST and tRPC
 * can never disagree. `input` maps the HTTP request to the procedure's input; the procedure validates it.
 */
export interface RestRoute {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** Under /api, in Fastify syntax (:id). */
  path: string;
  /** Dotted tRPC path, e.g. "auth.signUp". */
  procedure: string;
  input?: (request: FastifyRequest) => unknown;
  /** 201 for creations. */
  status?: number;
  /**
   * A list in pages (ADR 0014): the procedure takes `limit` and `cursor` from the query string and
   * answers a RequestPage; the body is its list and a `Link: <...>; rel="next"` header its next page.
   */
  page?: true;
  /**
   * The procedure answers a calendar file ({ filename, contentType, content }): sent as that type,
   * as a download named filename, instead of JSON (issue 15).
   */
  calendar?: true;
}

type Params = Record<string, string>;
const body = (r: FastifyRequest) => r.body ?? {};
const params = (r: FastifyRequest) => r.params as Params;
/** The query parameters of a paged list; the procedure validates them. */
export const PAGE_QUERY = ["limit", "cursor"] as const;
const pageQuery = (r: FastifyRequest) => {
  const query = r.query as Record<string, unknown>;
  return Object.fromEntries(PAGE_QUERY.filter((name) => query[name] !== undefined).map((name) => [name, query[name]]));
};

export const restRoutes: RestRoute[] = [
  // Accounts
  { method: "POST", path: "/auth/signup", procedure: "auth.signUp", input: body, status: 201 },
  { method: "POST", path: "/auth/signin", procedure: "auth.signIn", input: body },
  { method: "POST", path: "/auth/signout", procedure: "auth.signOut" },
  { method: "POST", path: "/auth/reset-password", procedure: "auth.requestPasswordReset", input: body },
  { method: "POST", path: "/auth/complete-reset", procedure: "auth.completePasswordReset", input: body },
  { method: "POST", path: "/auth/update-password", procedure: "auth.updatePassword", input: body },
  { method: "POST", path: "/auth/resend-confirmation", procedure: "auth.resendConfirmation", input: body },
  { method: "POST", path: "/auth/verify-email", procedure: "auth.verifyEmail", input: body },
  { method: "GET", path: "/user/current", procedure: "user.current" },
  { method: "GET", path: "/user/export", procedure: "user.exportData" },
  { method: "POST", path: "/user/delete-account", procedure: "user.deleteAccount", input: body },
  { method: "GET", path: "/user/email-preferences", procedure: "user.emailPreferences" },
  { method: "PUT", path: "/user/email-preferences", procedure: "user.updateEmailPreferences", input: body },
  { method: "GET", path: "/user/notification-preferences", procedure: "user.notificationPreferences" },
  { method: "PUT", path: "/user/notification-preferences/kinds/:kind", procedure: "user.updateNotificationKind", input: (r) => ({ ...(body(r) as object), kind: params(r).kind }) },
  { method: "PUT", path: "/user/notification-preferences/groups/:groupId", procedure: "user.updateGroupNotifications", input: (r) => ({ ...(body(r) as object), groupId: params(r).groupId }) },
  { method: "PUT", path: "/user/profile", procedure: "user.updateProfile", input: body },
  { method: "POST", path: "/users/batch", procedure: "user.batch", input: body },
  { method: "POST", path: "/feedback", procedure: "feedback.send", input: body },
  { method: "GET", path: "/admin/metrics", procedure: "admin.metrics" },
  // Unsubscribe links (issue 15): the page's calls. The one-click POST is /unsubscribe/:token (routes/one-click-unsubscribe.ts).
  { method: "GET", path: "/unsubscribe/:token", procedure: "unsubscribe.describe", input: (r) => ({ token: params(r).token }) },
  { method: "POST", path: "/unsubscribe/:token", procedure: "unsubscribe.confirm", input: (r) => ({ token: params(r).token }) },
  { method: "POST", path: "/unsubscribe/:token/all", procedure: "unsubscribe.stopAll", input: (r) => ({ token: params(r).token }) },
  // Groups, invitations and limits (static paths before parameterised ones)
  { method: "POST", path: "/groups", procedure: "groups.create", input: body, status: 201 },
  { method: "GET", path: "/groups", procedure: "groups.list" },
  { method: "POST", path: "/groups/:id/leave", procedure: "groups.leave", input: (r) => ({ groupId: params(r).id }) },
  { method: "GET", path: "/groups/:id/members", procedure: "groups.members", input: (r) => ({ groupId: params(r).id }) },
  { method: "DELETE", path: "/groups/:id/members/:userId", procedure: "groups.removeMember", input: (r) => ({ groupId: params(r).id, userId: params(r).userId }) },
  { method: "POST", path: "/groups/:id/transfer", procedure: "groups.transferOwnership", input: (r) => ({ ...(body(r) as object), groupId: params(r).id }) },
  { method: "POST", path: "/invites", procedure: "invitations.create", input: body, status: 201 },
  { method: "GET", path: "/invites/validate/:token", procedure: "invitations.validate", input: (r) => ({ token: params(r).token }) },
  { method: "POST", path: "/invites/:token/join", procedure: "invitations.joinByToken", input: (r) => ({ token: params(r).token }) },
  { method: "GET", path: "/invitations/pending", procedure: "invitations.pending" },
  { method: "GET", path: "/invitations/outgoing", procedure: "invitations.outgoing" },
  { method: "GET", path: "/invitations/count", procedure: "invitations.count" },
  { method: "DELETE", path: "/invitations/:id", procedure: "invitations.cancel", input: (r) => ({ id: params(r).id }) },
  { method: "POST", path: "/invitations/:id/accept", procedure: "invitations.accept", input: (r) => ({ id: params(r).id }) },
  { method: "POST", path: "/invitations/:id/decline", procedure: "invitations.decline", input: (r) => ({ id: params(r).id }) },
  { method: "POST", path: "/send-invitation", procedure: "invitations.resend", input: body },
  { method: "GET", path: "/user/limits", procedure: "limits.get" },
  { method: "PUT", path: "/user/limits", procedure: "limits.update", input: body },
  { method: "GET", path: "/user/counts", procedure: "limits.counts" },
  { method: "GET", path: "/user/limits-with-counts", procedure: "limits.withCounts" },
  { method: "GET", path: "/user/can-create-group", procedure: "limits.canCreateGroup" },
  { method: "GET", path: "/user/can-join-group", procedure: "limits.canJoinGroup" },
  { method: "GET", path: "/user/can-create-request", procedure: "limits.canCreateRequest" },
  // Requests and the dashboard (issue 4)
  { method: "POST", path: "/requests", procedure: "requests.create", input: body, status: 201 },
  { method: "GET", path: "/user/requests", procedure: "requests.mine", input: pageQuery, page: true },
  { method: "GET", path: "/groups/:id/requests", procedure: "requests.forGroup", input: (r) => ({ ...pageQuery(r), groupId: params(r).id }), page: true },
  { method: "GET", path: "/requests/:id", procedure: "requests.byId", input: (r) => ({ id: params(r).id }) },
  { method: "POST", path: "/requests/:id/claim", procedure: "requests.claim", input: (r) => ({ id: params(r).id }) },
  { method: "POST", path: "/requests/:id/unclaim", procedure: "requests.unclaim", input: (r) => ({ id: params(r).id }) },
  { method: "POST", path: "/requests/:id/fulfill", procedure: "requests.fulfill", input: (r) => ({ id: params(r).id }) },
  { method: "POST", path: "/requests/:id/notify", procedure: "requests.notify", input: (r) => ({ id: params(r).id }) },
  { method: "POST", path: "/requests/:id/thank", procedure: "requests.thank", input: (r) => ({ id: params(r).id }) },
  { method: "DELETE", path: "/requests/:id", procedure: "requests.remove", input: (r) => ({ id: params(r).id }) },
  { method: "GET", path: "/dashboard", procedure: "requests.dashboard" },
  // Calendars (issue 15): the feed's address carries its own credential, no session needed.
  { method: "GET", path: "/requests/:id/calendar.ics", procedure: "requests.calendar", input: (r) => ({ id: params(r).id }), calendar: true },
  { method: "GET", path: "/user/calendar-feed", procedure: "user.calendarFeed" },
  { method: "POST", path: "/user/calendar-feed/regenerate", procedure: "user.regenerateCalendarFeed" },
  { method: "GET", path: "/calendar/:token.ics", procedure: "calendar.feed", input: (r) => ({ token: params(r).token }), calendar: true },
  // Web Push devices (issue 16)
  { method: "GET", path: "/push/vapid-public-key", procedure: "push.vapidPublicKey" },
  { method: "POST", path: "/push/subscriptions", procedure: "push.subscribe", input: body, status: 201 },
  { method: "GET", path: "/push/subscriptions", procedure: "push.devices" },
  { method: "DELETE", path: "/push/subscriptions/:id", procedure: "push.unsubscribe", input: (r) => ({ id: params(r).id }) },
  // Parameterised paths last among their siblings, so /user/current is not read as an id.
  { method: "GET", path: "/user/:id", procedure: "user.byId", input: (r) => ({ id: params(r).id }) },
];
