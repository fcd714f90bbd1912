import type { RequestEventType } from "@hyn/validators/rules";
import { translate } from "../../i18n/useT";
import { quotedItem } from "./texts";

/** How long after the user's own action its echo from the live stream is treated as theirs. */
export const OWN_CHANGE_WINDOW_MS = 10_000;

/**
 * The user's own recent changes, so the live stream's echo of them is not announced a second time
 * (the action's toast already said it). A post is only known by id once the server answers, and its
 * event may arrive first, so any "created" event while a post is in flight also counts as the user's.
 */
export class RecentOwnChanges {
  /** "requestId type" -> when the user made that change. */
  private readonly changed = new Map<string, number>();
  private postsInFlight = 0;
  private lastPostEndedAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly nowMs: () => number = () => Date.now()) {}

  /** The user is making this change to this request (a neighbour's next change to it is still theirs). */
  mark(requestId: string, type: RequestEventType): void {
    this.changed.set(`${requestId} ${type}`, this.nowMs());
  }

  postStarted(): void {
    this.postsInFlight++;
  }

  postEnded(requestId: string | null): void {
    this.postsInFlight = Math.max(0, this.postsInFlight - 1);
    this.lastPostEndedAt = this.nowMs();
    if (requestId) this.mark(requestId, "request.created");
  }

  /**
   * `mine`: the server says the request is the user's (issue 43). Its posting (by them, or by their repeating
   * series moving on, as after a skip) and its skipping are theirs from any tab or device, never a neighbour's.
   */
  isOwn(event: { type: RequestEventType; requestId: string; mine?: boolean | undefined }): boolean {
    if (event.mine && (event.type === "request.created" || event.type === "request.skipped")) return true;
    const now = this.nowMs();
    for (const [key, at] of this.changed) if (now - at > OWN_CHANGE_WINDOW_MS) this.changed.delete(key);
    if (this.changed.has(`${event.requestId} ${event.type}`)) return true;
    return (
      event.type === "request.created" && (this.postsInFlight > 0 || now - this.lastPostEndedAt <= OWN_CHANGE_WINDOW_MS)
    );
  }
}

/** What a screen reader hears (and the page shows) when a neighbour changes a request, in the current language. */
export function liveAnnouncement(type: RequestEventType, itemDescription: string | null): string {
  const item = itemDescription
    ? quotedItem(itemDescription.length > 60 ? `${itemDescription.slice(0, 59)}…` : itemDescription)
    : translate("requests.aRequest");
  switch (type) {
    case "request.created":
      return itemDescription
        ? translate("requests.announceCreated", { item })
        : translate("requests.announceCreatedUnknown");
    case "request.claimed":
      return translate("requests.announceClaimed", { item });
    case "request.unclaimed":
      return translate("requests.announceUnclaimed", { item });
    case "request.fulfilled":
      return translate("requests.announceFulfilled", { item });
    case "request.thanked":
      return translate("requests.announceThanked", { item });
    case "request.deleted":
      return translate("requests.announceDeleted", { item });
    case "request.skipped":
      return translate("requests.announceSkipped", { item });
    case "request.changed":
      return translate("requests.announceChanged", { item });
  }
}
