import { useState } from "react";
import { Alert, Button, Card, ConfirmModal, Spinner, TextField } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { errorMessage, trpc } from "../../lib/trpc";
import "./account.css";

/**
 * "Calendar" on the profile (issue 15): the private feed link a calendar app subscribes to, a Copy
 * button, and "Get a new link", which makes the old one stop working.
 */
const URL_FIELD_ID = "calendar-feed-url";

export function CalendarFeedSection() {
  const toast = useToast();
  const utils = trpc.useUtils();
  const feed = trpc.user.calendarFeed.useQuery(undefined, { staleTime: Infinity });
  const regenerate = trpc.user.regenerateCalendarFeed.useMutation();
  const [confirming, setConfirming] = useState(false);

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast.success("Calendar link copied");
    } catch {
      // No clipboard (an insecure page, a refused permission): leave the link selected to copy by hand.
      (document.getElementById(URL_FIELD_ID) as HTMLInputElement | null)?.select();
      toast.error("Could not copy the link: it is selected, copy it with your keyboard");
    }
  }

  async function getNewLink() {
    try {
      const fresh = await regenerate.mutateAsync();
      utils.user.calendarFeed.setData(undefined, fresh);
      setConfirming(false);
      toast.success("Your new calendar link is ready. The old one no longer works.");
    } catch (e) {
      toast.error(errorMessage(e, "Failed to get a new calendar link"));
    }
  }

  return (
    <Card aria-labelledby="calendar-feed-title">
      <h2 id="calendar-feed-title">Calendar</h2>
      <p className="muted">
        Add this private link to your calendar app (as a subscription, "From URL") to see the requests you are helping with and your own
        open or claimed requests, kept up to date. Anyone with the link can see them, so keep it to yourself.
      </p>
      {feed.isPending ? (
        <Spinner label="Loading your calendar link…" />
      ) : feed.isError ? (
        <Alert>
          {errorMessage(feed.error, "Could not load your calendar link")}{" "}
          <Button variant="ghost" className="btn-small" onClick={() => void feed.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <>
          <TextField id={URL_FIELD_ID} label="Your calendar link" value={feed.data.url} readOnly onFocus={(e) => e.currentTarget.select()} className="calendar-feed-url" />
          <div className="calendar-feed-actions">
            <Button variant="secondary" onClick={() => void copy(feed.data.url)}>
              Copy link
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(true)}>
              Get a new link
            </Button>
          </div>
        </>
      )}
      <ConfirmModal
        open={confirming}
        title="Get a new calendar link?"
        message="The current link stops working at once: calendars subscribed to it stop updating until you add the new link."
        confirmLabel="Get a new link"
        cancelLabel="Keep this link"
        busy={regenerate.isPending}
        onConfirm={() => void getNewLink()}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
