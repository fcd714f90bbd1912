import { useEffect } from "react";
import { useRouteError } from "react-router";
import { Button, Card } from "../components/ui";
import { useT } from "../i18n/useT";
import { useOnline } from "../lib/online";
import { isChunkLoadError } from "./chunk-errors";

/**
 * What a route shows when its screen cannot be loaded or shown. A chunk that could not be fetched while
 * the browser is online is a page of an older release (issue 40): "A new version is available", never the
 * connection message; offline, or any other failure, says to check the connection. It shows inside the
 * layout, so the menu still works; a reload fetches the current build.
 */
export function RouteError() {
  const t = useT();
  const error = useRouteError();
  const online = useOnline();
  useEffect(() => {
    console.warn("A page could not be shown", error);
  }, [error]);
  const newVersion = online && isChunkLoadError(error);
  return (
    <div className="page page-narrow">
      <Card>
        <h1>{t(newVersion ? "common.newVersionTitle" : "common.routeErrorTitle")}</h1>
        <p>{t(newVersion ? "common.newVersionText" : "common.routeErrorText")}</p>
        <Button onClick={() => window.location.reload()}>{t("common.reload")}</Button>
      </Card>
    </div>
  );
}
