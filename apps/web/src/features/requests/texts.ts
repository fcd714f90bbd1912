/**
 * SPEC §8 toast texts of the dashboard and request screens, verbatim. Each is the fallback: a message
 * the server sent (a SPEC text too) is shown instead when there is one.
 */
export const requestToasts = {
  loadDashboardFailed: "Unable to load dashboard data. Please refresh the page.",
  createFailed: "Failed to create request",
  claimFailed: "Failed to claim request",
  unclaimFailed: "Failed to unclaim request",
  fulfillFailed: "Failed to fulfill request",
  deleteFailed: "Failed to delete request",
  // Not in the spec: the notify action (issue 4) has no SPEC fallback text.
  notifyFailed: "Failed to notify the group",
  // Not in the spec: the one-tap "Thank you" (issue 15).
  thankFailed: "Your thanks could not be sent. Please try again.",
  // Not in the spec: "Show earlier" (issue 13) has no SPEC text.
  loadEarlierFailed: "Earlier requests could not be loaded. Please try again.",
} as const;

/** SPEC §2: the owner's delete confirmation says the action cannot be undone. */
export const DELETE_CONFIRMATION = "Are you sure you want to delete this request? This action cannot be undone.";
