import type { CoreConfig } from "../shared/config";

/**
 * The page of one request (issue 16): "I can help" focused for a neighbour who can claim it, the
 * helper's buttons for its helper. E-mails sent before it link to `/?request=`, which still works.
 */
export function requestUrl(config: CoreConfig, requestId: string): string {
  return `${config.appUrl}/requests/${encodeURIComponent(requestId)}`;
}
