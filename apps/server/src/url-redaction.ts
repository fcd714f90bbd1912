import { procedureCatalog } from "@hyn/api";
import { ONE_CLICK_UNSUBSCRIBE_ROUTE } from "./rest/one-click-path";
import { restRoutes } from "./rest/routes";
import { PAGE_PATHS_WITH_PARAMS } from "./routes/spa-routes";
import { createUrlRedactor, type UrlRedactionRules, type UrlRedactor } from "./plugins/log-redaction";

/**
 * The app's one URL redaction rule (plugins/log-redaction.ts), from what states each fact: the secret names
 * from the procedures' meta, the paths from the REST table (a renamed parameter by its input name),
 * the web app's pages and the one-click unsubscribe route.
 */
export function appUrlRedactor(mounts: { trpcPrefix: string; restPrefix: string }): UrlRedactor {
  return createUrlRedactor(appUrlRedactionRules(mounts));
}

/** The rules themselves, which nginx's access log follows too (deploy/nginx/token-paths.mjs). */
export function appUrlRedactionRules(mounts: { trpcPrefix: string; restPrefix: string }): UrlRedactionRules {
  const secretNames = new Set(procedureCatalog.flatMap((entry) => entry.meta.secretInputs ?? []));
  const restPaths = restRoutes.map(
    (route) =>
      `${mounts.restPrefix}${route.path.replace(/:(\w+)/g, (_, name: string) => `:${route.renameParams?.[name] ?? name}`)}`,
  );
  return {
    secretNames,
    pathTemplates: [...restPaths, ...PAGE_PATHS_WITH_PARAMS, ONE_CLICK_UNSUBSCRIBE_ROUTE],
    trpcPrefix: mounts.trpcPrefix,
  };
}
