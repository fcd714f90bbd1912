import { useT } from "../i18n/useT";
import { OFFLINE_REASON_ID, useOnline } from "../lib/online";
import { useWaitingUpdate } from "./update-state";

/**
 * The bars under the top bar, inside its sticky header (so they never cover its menu button, nor does a
 * second sticky layer slide over the page's title): no network (what the page shows is not live, and
 * nothing is sent), and a new version of the app ready to load.
 */
export function AppBanners() {
  const t = useT();
  const online = useOnline();
  const applyUpdate = useWaitingUpdate();
  if (online && !applyUpdate) return null;
  return (
    <div className="app-banners">
      {!online && (
        <div className="app-banner app-banner-offline" role="status">
          {/* The reason every button that needs the network gives while it is disabled. */}
          <span id={OFFLINE_REASON_ID}>
            <strong>{t("common.offlineBannerTitle")}</strong> {t("common.offlineBannerText")}
          </span>
        </div>
      )}
      {applyUpdate && (
        <div className="app-banner app-banner-update" role="status">
          <span>{t("common.newVersion")}</span>
          <button type="button" className="btn btn-small btn-secondary" onClick={applyUpdate}>
            {t("common.reload")}
          </button>
        </div>
      )}
    </div>
  );
}
