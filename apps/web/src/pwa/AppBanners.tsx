import { useOnline } from "../lib/online";
import { useWaitingUpdate } from "./update-state";

/**
 * The bars under the top bar: no network (what the page shows is not live, and nothing is sent), and
 * a new version of the app ready to load.
 */
export function AppBanners() {
  const online = useOnline();
  const applyUpdate = useWaitingUpdate();
  if (online && !applyUpdate) return null;
  return (
    <div className="app-banners">
      {!online && (
        <div className="app-banner app-banner-offline" role="status">
          <strong>You are offline.</strong> What you see may be out of date and is not live. Nothing you do is sent until you are back online.
        </div>
      )}
      {applyUpdate && (
        <div className="app-banner app-banner-update" role="status">
          <span>New version available</span>
          <button type="button" className="btn btn-small btn-secondary" onClick={applyUpdate}>
            Reload
          </button>
        </div>
      )}
    </div>
  );
}
