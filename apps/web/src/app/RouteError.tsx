import { useEffect } from "react";
import { useRouteError } from "react-router";
import { Button, Card } from "../components/ui";
import { useT } from "../i18n/useT";

/**
 * What a route shows when its screen cannot be loaded or shown: most often a chunk the browser cannot
 * fetch (offline, or a page left open across a release whose old chunks are gone). It shows inside
 * the layout, so the menu still works; a reload fetches the current build.
 */
export function RouteError() {
  const t = useT();
  const error = useRouteError();
  useEffect(() => {
    console.warn("A page could not be shown", error);
  }, [error]);
  return (
    <div className="page page-narrow">
      <Card>
        <h1>{t("common.routeErrorTitle")}</h1>
        <p>{t("common.routeErrorText")}</p>
        <Button onClick={() => window.location.reload()}>{t("common.reload")}</Button>
      </Card>
    </div>
  );
}
