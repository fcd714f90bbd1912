import type { MessageId } from "@hyn/i18n/catalogs";

/** What a requester is told of: a change of theirs, or a trip's item not found (issue 43 §1), open again or closed. */
export type RequestNotice = "claimed" | "unclaimed" | "fulfilled" | "not_there" | "not_there_closed";

/** A notice's words on each channel: its e-mail's subject and first sentence, its push's title and body. */
export interface RequestNoticeText {
  subject: MessageId<"email">;
  sentence: MessageId<"email">;
  title: MessageId<"push">;
  body: MessageId<"push">;
}

/**
 * The one table of a requester's notices, read by the e-mail (mail/templates/requests.ts) and the push
 * (push/payload.ts), so both say the same change and both name the neighbour for the same ones.
 * `forNeighbour`: the wording for a request posted for a neighbour without the app (issue 42 §1), naming them;
 * a push says it in its title alone, the body being the usual one.
 */
const NOTICE_TEXT: Record<
  RequestNotice,
  RequestNoticeText & { forNeighbour?: Pick<RequestNoticeText, "subject" | "sentence" | "title"> }
> = {
  claimed: {
    subject: "email.claimedSubject",
    sentence: "email.claimedIntro",
    title: "push.claimedTitle",
    body: "push.claimedBody",
    forNeighbour: {
      subject: "email.claimedForSubject",
      sentence: "email.claimedForIntro",
      title: "push.claimedForTitle",
    },
  },
  unclaimed: {
    subject: "email.unclaimedSubject",
    sentence: "email.unclaimedIntro",
    title: "push.unclaimedTitle",
    body: "push.unclaimedBody",
    forNeighbour: {
      subject: "email.unclaimedForSubject",
      sentence: "email.unclaimedForIntro",
      title: "push.unclaimedForTitle",
    },
  },
  fulfilled: {
    subject: "email.fulfilledSubject",
    sentence: "email.fulfilledIntro",
    title: "push.fulfilledTitle",
    body: "push.fulfilledBody",
    forNeighbour: {
      subject: "email.fulfilledForSubject",
      sentence: "email.fulfilledForIntro",
      title: "push.fulfilledForTitle",
    },
  },
  // "Not there" has no neighbour's wording of its own: the poster reads the usual one (the e-mail then adds "pass it on").
  not_there: {
    subject: "email.notThereSubject",
    sentence: "email.notThereIntro",
    title: "push.notThereTitle",
    body: "push.notThereBody",
  },
  not_there_closed: {
    subject: "email.notThereClosedSubject",
    sentence: "email.notThereClosedIntro",
    title: "push.notThereClosedTitle",
    body: "push.notThereClosedBody",
  },
};

/** A notice's words, for a request of the reader's own (`forNeighbour` false) or one they posted for a neighbour. */
export function requestNoticeText(kind: RequestNotice, forNeighbour: boolean): RequestNoticeText {
  const { forNeighbour: theirs, ...own } = NOTICE_TEXT[kind];
  return forNeighbour && theirs ? { ...own, ...theirs } : own;
}
