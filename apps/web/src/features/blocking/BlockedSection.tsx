import { useId } from "react";
import { Alert, Button, Card, Spinner } from "../../components/ui";
import { useT } from "../../i18n/useT";
import { errorMessage, trpc } from "../../lib/trpc";
import { useBlocking } from "./blocking";
import "./blocked.css";

/** Profile: "Blocked" (PRODUCT "Blocking"): whom I blocked, each with Unblock. */
export function BlockedSection() {
  const t = useT();
  const titleId = useId();
  const list = trpc.blocks.list.useQuery();
  const blocking = useBlocking();

  let body;
  if (list.isPending) body = <Spinner label={t("profile.blockedLoading")} />;
  else if (list.isError)
    body = (
      <Alert>
        {errorMessage(list.error, t("profile.blockedLoadFailed"))}{" "}
        <Button variant="ghost" className="btn-small" onClick={() => void list.refetch()}>
          {t("profile.blockedRetry")}
        </Button>
      </Alert>
    );
  else if (list.data.length === 0) body = <p className="muted">{t("profile.blockedNone")}</p>;
  else
    body = (
      <ul className="blocked-list">
        {list.data.map((person) => (
          <li key={person.id} className="blocked-person" data-testid="blocked-person">
            <span>{blocking.nameOf(person)}</span>
            <Button
              variant="secondary"
              className="btn-small"
              disabled={blocking.busy}
              aria-label={t("profile.unblockNamed", { name: blocking.nameOf(person) })}
              onClick={() => void blocking.unblock(person)}
            >
              {t("profile.unblock")}
            </Button>
          </li>
        ))}
      </ul>
    );

  return (
    <Card aria-labelledby={titleId} id="blocked">
      <h2 id={titleId}>{t("profile.blockedTitle")}</h2>
      <p className="muted small">{t("profile.blockedIntro")}</p>
      <div aria-live="polite" aria-busy={list.isPending}>
        {body}
      </div>
    </Card>
  );
}
