import { useEffect } from "react";
import { useRouteError } from "react-router";
import { Button, Card } from "../components/ui";

/**
 * What a route shows when its screen cannot be loaded or shown: most often a chunk the browser cannot
 * fetch (offline, or a page left open across a release whose old chunks are gone). It shows inside
 * the layout, so the menu still works; a reload fetches the current build.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.warn("A page could not be shown", error);
  }, [error]);
  return (
    <div className="page page-narrow">
      <Card>
        <h1>This page could not be shown</h1>
        <p>Check your connection, then reload the page.</p>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Card>
    </div>
  );
}
