import { useEffect, useRef } from "react";
import { useBlocker } from "react-router";
import { Button, Modal } from "../../components/ui";
import { useT } from "../../i18n/useT";
import { useProfileEdits } from "./ProfileEdits";

/**
 * Unsaved profile changes are not lost without a word: a link to another page asks first (the focus on
 * staying), and closing or reloading the tab gets the browser's own question. A jump within the page
 * (#notifications) is no leaving. Needs the app's data router (useBlocker): ProfilePage has it.
 */
export function UnsavedProfileGuard() {
  const t = useT();
  const { changed } = useProfileEdits();
  const stay = useRef<HTMLButtonElement>(null);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => changed && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!changed) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [changed]);

  return (
    <Modal
      title={t("profile.leaveTitle")}
      open={blocker.state === "blocked"}
      onClose={() => blocker.reset?.()}
      initialFocus={stay}
      footer={
        <>
          <Button variant="secondary" ref={stay} onClick={() => blocker.reset?.()}>
            {t("profile.keepEditing")}
          </Button>
          <Button variant="danger" onClick={() => blocker.proceed?.()}>
            {t("profile.leaveWithoutSaving")}
          </Button>
        </>
      }
    >
      <p>{t("profile.leaveText")}</p>
    </Modal>
  );
}
