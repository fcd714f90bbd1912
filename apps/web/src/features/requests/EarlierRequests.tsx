import { useEffect, useRef } from "react";
import { Button } from "../../components/ui";
import { useT } from "../../i18n/useT";
import { RequestList } from "./RequestList";
import type { RequestView } from "./types";
import type { RequestActions } from "./useRequestActions";
import type { useEarlierRequests } from "./useEarlierRequests";

/**
 * The finished requests before a list's first page, and the "Show earlier" button that loads more.
 * The button stays focusable while it loads (aria-disabled, not disabled); when the last page has
 * come and it goes away, focus moves to the heading of what it loaded.
 */
export function EarlierRequests({
  earlier,
  viewerId,
  now,
  actions,
  highlightId,
  changedIds,
}: {
  earlier: ReturnType<typeof useEarlierRequests>;
  viewerId: string;
  now: Date;
  actions: RequestActions;
  highlightId: string | null;
  changedIds: ReadonlySet<string>;
}) {
  const t = useT();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const buttonHadFocus = useRef(false);
  useEffect(() => {
    if (!earlier.hasMore && buttonHadFocus.current) headingRef.current?.focus();
    buttonHadFocus.current = false;
  }, [earlier.hasMore]);

  const shown: RequestView[] = earlier.requests;
  return (
    <>
      {shown.length > 0 && (
        <>
          <h3 className="earlier-requests-title" ref={headingRef} tabIndex={-1}>
            {t("requests.earlierTitle")}
          </h3>
          <RequestList
            requests={shown}
            viewerId={viewerId}
            now={now}
            actions={actions}
            label={t("requests.earlierTitle")}
            highlightId={highlightId}
            changedIds={changedIds}
            empty={null}
          />
        </>
      )}
      {earlier.failed && (
        <p className="small muted" role="alert">
          {t("requests.loadEarlierFailed")}
        </p>
      )}
      {earlier.hasMore && (
        <div className="earlier-requests-more">
          <Button
            variant="secondary"
            aria-disabled={earlier.loading || undefined}
            aria-busy={earlier.loading || undefined}
            onClick={(event) => {
              buttonHadFocus.current = document.activeElement === event.currentTarget;
              earlier.showEarlier();
            }}
          >
            {earlier.loading ? t("requests.loading") : t("requests.showEarlier")}
          </Button>
        </div>
      )}
    </>
  );
}
