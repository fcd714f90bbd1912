import { useState } from "react";
import { Alert, Button, Card, ConfirmModal, Spinner, TextField } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { useT } from "../../i18n/useT";
import { errorMessage, trpc } from "../../lib/trpc";
import "./account.css";

/**
 * "Calendar" on the profile (issue 15): the private feed link a calendar app subscribes to, a Copy
 * button, and "Get a new link", which makes the old one stop working.
 */
const URL_FIELD_ID = "calendar-feed-url";

export function CalendarFeedSection() {
  const t = useT();
  const toast = useToast();
  const utils = trpc.useUtils();
  const feed = trpc.user.calendarFeed.useQuery(undefined, { staleTime: Infinity });
  const regenerate = trpc.user.regenerateCalendarFeed.useMutation();
  const [confirming, setConfirming] = useState(false);

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t("profile.calendarLinkCopied"));
    } catch {
      // No clipboard (an insecure page, a refused permission): leave the link selected to copy by hand.
      (document.getElementById(URL_FIELD_ID) as HTMLInputElement | null)?.select();
      toast.error(t("profile.calendarCopyFailed"));
    }
  }

  async function getNewLink() {
    try {
      const fresh = await regenerate.mutateAsync();
      utils.user.calendarFeed.setData(undefined, fresh);
      setConfirming(false);
      toast.success(t("profile.calendarNewLinkReady"));
    } catch (e) {
      toast.error(errorMessage(e, t("profile.calendarNewLinkFailed")));
    }
  }

  return (
    <Card aria-labelledby="calendar-feed-title">
      <h2 id="calendar-feed-title">{t("profile.calendarTitle")}</h2>
      <p className="muted">{t("profile.calendarIntro")}</p>
      {feed.isPending ? (
        <Spinner label={t("profile.loadingCalendarLink")} />
      ) : feed.isError ? (
        <Alert>
          {errorMessage(feed.error, t("profile.calendarLoadFailed"))}{" "}
          <Button variant="ghost" className="btn-small" onClick={() => void feed.refetch()}>
            {t("profile.tryAgain")}
          </Button>
        </Alert>
      ) : (
        <>
          <TextField
            id={URL_FIELD_ID}
            label={t("profile.calendarLinkLabel")}
            value={feed.data.url}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
            className="calendar-feed-url"
          />
          <div className="calendar-feed-actions">
            <Button variant="secondary" onClick={() => void copy(feed.data.url)}>
              {t("profile.copyLink")}
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(true)}>
              {t("profile.getNewLink")}
            </Button>
          </div>
        </>
      )}
      <ConfirmModal
        open={confirming}
        title={t("profile.newLinkConfirmTitle")}
        message={t("profile.newLinkConfirmMessage")}
        confirmLabel={t("profile.getNewLink")}
        cancelLabel={t("profile.keepThisLink")}
        busy={regenerate.isPending}
        onConfirm={() => void getNewLink()}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
