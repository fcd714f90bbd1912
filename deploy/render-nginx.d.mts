export interface NginxSiteOptions {
  /** "80" (every IPv4 and IPv6 address) or "host:port" */
  listen: string | number;
  /** "host:port" of each instance */
  upstreams: string[];
  /** the names the site answers; none: it is the port's default server */
  serverNames?: string[];
  /** the operator's certificate: the app on `listen` ("443"), plain HTTP redirected */
  tls?: { cert: string; key: string; listen: string | number };
  accessLog?: string;
  acmeWebroot?: string;
}
export function renderSite(options: NginxSiteOptions & { cacheDir: string }): string;
export function writeStandalone(prefix: string, options: NginxSiteOptions): string;
export function siteOptionsFromArgs(args: string[]): {
  standalone: string | undefined;
  site: NginxSiteOptions & { cacheDir: string };
};
export const UPSTREAM_FAIL_TIMEOUT_SECONDS: number;
export const DEFAULT_ACME_WEBROOT: string;
export const DEFAULT_ACCESS_LOG: string;
export const DEFAULT_CACHE_DIR: string;
