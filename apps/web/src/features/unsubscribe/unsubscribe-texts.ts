import type { MessageId } from "@hyn/i18n/catalogs";
import type { Translate } from "../../i18n/useT";
import type { RouterOutputs } from "../../lib/trpc";

export type UnsubscribeDescription = RouterOutputs["unsubscribe"]["describe"];
type Kind = Extract<UnsubscribeDescription["scope"], { type: "kind" }>["kind"];

/** What each kind's e-mails are about, finishing "e-mails about …" (unsubscribe catalog). */
const KIND_TOPICS: Record<Kind, MessageId<"unsubscribe">> = {
  request_updates: "unsubscribe.topicRequestUpdates",
  new_requests: "unsubscribe.topicNewRequests",
  invitations: "unsubscribe.topicInvitations",
  reminders: "unsubscribe.topicReminders",
  thanks: "unsubscribe.topicThanks",
  still_needed: "unsubscribe.topicStillNeeded",
  given_back: "unsubscribe.topicGivenBack",
  trips: "unsubscribe.topicTrips",
  while_away: "unsubscribe.topicWhileAway",
  link_joins: "unsubscribe.topicLinkJoins",
};

/** "new requests in Elm Street", "invitations to groups": what a link's e-mails are about, in the current language. */
export function unsubscribeTopic(scope: UnsubscribeDescription["scope"], t: Translate): string {
  if (scope.type === "group")
    return scope.groupName ? t("unsubscribe.topicGroup", { group: scope.groupName }) : t("unsubscribe.topicLeftGroup");
  return t(KIND_TOPICS[scope.kind]);
}
