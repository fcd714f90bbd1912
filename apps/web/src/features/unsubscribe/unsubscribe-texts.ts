import type { RouterOutputs } from "../../lib/trpc";

export type UnsubscribeDescription = RouterOutputs["unsubscribe"]["describe"];
type Kind = Extract<UnsubscribeDescription["scope"], { type: "kind" }>["kind"];

/** What each kind's e-mails are about, finishing "e-mails about …". */
const KIND_TOPICS: Record<Kind, string> = {
  request_updates: "your requests: when a neighbour offers to help, steps back or fulfils one",
  new_requests: "new requests in your groups, including the daily summary",
  invitations: "invitations to groups",
  reminders: "reminders before a request is needed",
  thanks: "thanks from neighbours you helped",
};

/** "new requests in Elm Street", "invitations to groups": what a link's e-mails are about. */
export function unsubscribeTopic(scope: UnsubscribeDescription["scope"]): string {
  if (scope.type === "group") return scope.groupName ? `new requests in ${scope.groupName}` : "new requests in a group you have left";
  return KIND_TOPICS[scope.kind];
}

export const UNSUBSCRIBE_TEXTS = {
  willStop: (topic: string) => `You will stop receiving e-mails about ${topic}.`,
  stopped: (topic: string) => `You will no longer receive e-mails about ${topic}.`,
  alreadyStopped: (topic: string) => `You already receive no e-mails about ${topic}.`,
  notMember: "You are no longer a member of this group, so it sends you no e-mails.",
  accountGone: "The account this link was made for has been deleted, so it receives no e-mails from us.",
  allStopped: "Help Your Neighbor will send you no more notification e-mails. E-mails about your account, such as a password reset you ask for, still come.",
  otherEmails: "Other e-mails, about other groups or other things, still come as you chose.",
  failed: "Could not unsubscribe. Please try again.",
  checkFailed: "Could not check this link. Please try again in a moment.",
} as const;
