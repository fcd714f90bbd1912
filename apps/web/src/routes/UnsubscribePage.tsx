import { useState } from "react";
import { Link, useParams } from "react-router";
import { Button, Card, Spinner } from "../components/ui";
import { useToast } from "../components/Toasts";
import { StatusView } from "../features/account/StatusView";
import { unsubscribeTopic, type UnsubscribeDescription } from "../features/unsubscribe/unsubscribe-texts";
import { useT } from "../i18n/useT";
import { errorText } from "../i18n/errorText";
import { errorMessage, errorStatus, trpc } from "../lib/trpc";
import { usePageTitle } from "../lib/usePageTitle";
import "../features/unsubscribe/unsubscribe.css";

/** Where "Manage notifications" leads: the profile's notifications section (log in first when needed). */
const MANAGE_NOTIFICATIONS = "/profile#notifications";

/**
 * /unsubscribe/{token} (issue 15): the page behind a non-essential e-mail's "Unsubscribe" link. Opening
 * it changes nothing (mail scanners open links too): it says what would stop, and the button does it.
 * No session needed: the signed token is the authority.
 */
export default function UnsubscribePage() {
  const t = useT();
  usePageTitle(t("unsubscribe.title"));
  const token = useParams().token ?? "";
  const description = trpc.unsubscribe.describe.useQuery(
    { token },
    { retry: false, staleTime: Infinity, enabled: token !== "" },
  );
  const [done, setDone] = useState<{ result: UnsubscribeDescription; all: boolean } | null>(null);

  if (token === "" || description.isError) {
    // 400 is a link that is not ours; anything else (too many tries, no connection) says what happened.
    const invalid = token === "" || errorStatus(description.error) === 400;
    return (
      <StatusView tone="error" title={invalid ? t("unsubscribe.linkNotValid") : t("unsubscribe.couldNotCheck")}>
        <p>
          {invalid
            ? errorText("unsubscribeLinkInvalid")
            : errorMessage(description.error, t("unsubscribe.checkFailed"))}
        </p>
        <p>{t("unsubscribe.stillChoose")}</p>
        <Actions showStopAll={false} token={token} onDone={setDone} />
      </StatusView>
    );
  }
  if (description.isPending) {
    return (
      <div className="page page-narrow">
        <Card aria-busy="true">
          <Spinner label={t("unsubscribe.checking")} />
        </Card>
      </div>
    );
  }
  if (done) return <Done result={done.result} all={done.all} token={token} onDone={setDone} />;

  const current = description.data;
  const topic = unsubscribeTopic(current.scope, t);
  if (current.state === "accountGone") {
    return (
      <StatusView tone="info" title={t("unsubscribe.nothingToUnsubscribe")}>
        <p>{t("unsubscribe.accountGone")}</p>
        <div className="row unsubscribe-actions">
          <Link className="btn btn-secondary" to="/">
            {t("unsubscribe.goToApp")}
          </Link>
        </div>
      </StatusView>
    );
  }
  if (current.state === "notMember" || current.state === "stopped") {
    return (
      <StatusView tone="info" title={t("unsubscribe.nothingToUnsubscribe")}>
        <p>{current.state === "notMember" ? t("unsubscribe.notMember") : t("unsubscribe.alreadyStopped", { topic })}</p>
        {current.allStopped && <p>{t("unsubscribe.allStopped")}</p>}
        <Actions showStopAll={!current.allStopped} token={token} onDone={setDone} />
      </StatusView>
    );
  }
  return <Confirm token={token} topic={topic} onDone={setDone} />;
}

type OnDone = (done: { result: UnsubscribeDescription; all: boolean }) => void;

function Confirm({ token, topic, onDone }: { token: string; topic: string; onDone: OnDone }) {
  const t = useT();
  const confirm = trpc.unsubscribe.confirm.useMutation();
  const toast = useToast();
  async function unsubscribe() {
    try {
      onDone({ result: await confirm.mutateAsync({ token }), all: false });
    } catch (e) {
      toast.error(errorMessage(e, t("unsubscribe.failed")));
    }
  }
  return (
    <StatusView tone="info" title={t("unsubscribe.title")}>
      <p className="unsubscribe-topic">{t("unsubscribe.willStop", { topic })}</p>
      <p>{t("unsubscribe.otherEmails")}</p>
      <div className="row unsubscribe-primary">
        <Button needsNetwork onClick={() => void unsubscribe()} busy={confirm.isPending}>
          {t("unsubscribe.unsubscribeButton")}
        </Button>
      </div>
      <Actions showStopAll token={token} onDone={onDone} disabled={confirm.isPending} />
    </StatusView>
  );
}

function Done({
  result,
  all,
  token,
  onDone,
}: {
  result: UnsubscribeDescription;
  all: boolean;
  token: string;
  onDone: OnDone;
}) {
  const t = useT();
  if (all || result.state === "accountGone") {
    return (
      <StatusView
        tone="success"
        title={
          result.state === "accountGone" ? t("unsubscribe.nothingToUnsubscribe") : t("unsubscribe.allStoppedTitle")
        }
        takeFocus
      >
        <p>{result.state === "accountGone" ? t("unsubscribe.accountGone") : t("unsubscribe.allStopped")}</p>
        <Actions showStopAll={false} token={token} onDone={onDone} />
      </StatusView>
    );
  }
  return (
    <StatusView tone="success" title={t("unsubscribe.unsubscribedTitle")} takeFocus>
      <p>
        {result.state === "notMember"
          ? t("unsubscribe.notMember")
          : t("unsubscribe.stopped", { topic: unsubscribeTopic(result.scope, t) })}
      </p>
      <Actions showStopAll={!result.allStopped} token={token} onDone={onDone} />
    </StatusView>
  );
}

/** "Stop all e-mails" (when there is more to stop) and "Manage notifications". */
function Actions({
  showStopAll,
  token,
  onDone,
  disabled = false,
}: {
  showStopAll: boolean;
  token: string;
  onDone: OnDone;
  disabled?: boolean;
}) {
  const t = useT();
  const stopAll = trpc.unsubscribe.stopAll.useMutation();
  const toast = useToast();
  async function stopAllEmails() {
    try {
      onDone({ result: await stopAll.mutateAsync({ token }), all: true });
    } catch (e) {
      toast.error(errorMessage(e, t("unsubscribe.failed")));
    }
  }
  return (
    <div className="row unsubscribe-actions">
      {showStopAll && (
        <Button
          needsNetwork
          variant="secondary"
          onClick={() => void stopAllEmails()}
          busy={stopAll.isPending}
          disabled={disabled}
        >
          {t("unsubscribe.stopAll")}
        </Button>
      )}
      <Link className="btn btn-ghost" to={MANAGE_NOTIFICATIONS}>
        {t("unsubscribe.manageNotifications")}
      </Link>
    </div>
  );
}
