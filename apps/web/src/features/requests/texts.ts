import { translate } from "../../i18n/useT";

/**
 * SPEC §8 toast texts of the dashboard and request screens (the English is verbatim in the requests
 * catalog), in the language current when read. Each is the fallback: a message the server sent (a
 * SPEC text too, translated by the server) is shown instead when there is one.
 */
export const requestToasts = {
  get loadDashboardFailed() {
    return translate("requests.loadDashboardFailed");
  },
  get createFailed() {
    return translate("requests.createFailed");
  },
  get claimFailed() {
    return translate("requests.claimFailed");
  },
  get unclaimFailed() {
    return translate("requests.unclaimFailed");
  },
  get fulfillFailed() {
    return translate("requests.fulfillFailed");
  },
  get deleteFailed() {
    return translate("requests.deleteFailed");
  },
  // Not in the spec: the notify action (issue 4) has no SPEC fallback text.
  get notifyFailed() {
    return translate("requests.notifyFailed");
  },
  // Not in the spec: the one-tap "Thank you" (issue 15).
  get thankFailed() {
    return translate("requests.thankFailed");
  },
  // Not in the spec: "Show earlier" (issue 13) has no SPEC text.
  get loadEarlierFailed() {
    return translate("requests.loadEarlierFailed");
  },
};

/** A request's item in quotes, as the current language writes them. */
export const quotedItem = (itemDescription: string) => translate("requests.quoted", { item: itemDescription });
