import { useState } from "react";
import { Button } from "../../components/ui";
import { useT } from "../../i18n/useT";
import { personName } from "./request-rules";
import type { RequestView } from "./types";

/**
 * The one-tap "Thank you" on a fulfilled card (issue 15). The requester sees the button, then "Thanks
 * sent"; the helper sees "{name} thanked you". No text can be added: the product has no messaging.
 * For a request posted for a neighbour without the app (issue 42 §1) the thanks are theirs, said by the
 * poster: "Thank you from Mrs. Okafor", and the helper sees "Thanks from Mrs. Okafor, passed on by Ana".
 */
export function RequestThanks({
  request,
  viewerId,
  titleId,
  onThank,
}: {
  request: RequestView;
  viewerId: string;
  /** The card's title, so the button says which request it thanks for. */
  titleId: string;
  onThank: (request: RequestView) => Promise<boolean>;
}) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  if (request.status !== "fulfilled" || !request.helper) return null;
  const neighbour = request.onBehalfOf?.name;

  if (request.userId === viewerId) {
    if (request.thankedAt) {
      return (
        <p className="request-thanks request-thanks-sent">
          <span aria-hidden="true">✓ </span>
          {neighbour ? t("requests.thanksSentFrom", { neighbour }) : t("requests.thanksSent")}
        </p>
      );
    }
    return (
      <div className="request-thanks">
        <Button
          needsNetwork
          variant="secondary"
          className="btn-small"
          busy={busy}
          aria-describedby={titleId}
          onClick={() => {
            setBusy(true);
            void onThank(request).finally(() => setBusy(false));
          }}
        >
          {neighbour ? t("requests.thankYouFrom", { neighbour }) : t("requests.thankYou")}
        </Button>
      </div>
    );
  }

  if (request.helper.id === viewerId && request.thankedAt) {
    return (
      <p className="request-thanks request-thanks-received">
        <span aria-hidden="true">♥ </span>
        {neighbour
          ? t("requests.thankedYouFrom", { neighbour, name: personName(request.creator.name) })
          : t("requests.thankedYou", { name: personName(request.creator.name) })}
      </p>
    );
  }
  return null;
}
