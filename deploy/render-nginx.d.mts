export interface NginxSiteOptions {
  /** "8080" or "host:port" */
  listen: string | number;
  /** "host:port" of each instance */
  upstreams: string[];
}
export function renderSite(options: NginxSiteOptions & { cacheDir: string }): string;
export function writeStandalone(prefix: string, options: NginxSiteOptions): string;
export const UPSTREAM_FAIL_TIMEOUT_SECONDS: number;
