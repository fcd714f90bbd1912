import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import type { MessageKey } from "@hyn/validators";
import { AppError } from "../shared/errors";
import type { PushConfig } from "../shared/push-config";

/**
 * A push endpoint is a URL the server POSTs to on someone's behalf, so it is an SSRF vector: it must
 * be https on a known push service, and every address its host resolves to must be public. Checked
 * when a browser subscribes and again on every send (the name may resolve elsewhere by then).
 */

/** Addresses no push service has: private, shared, loopback, link-local, unique-local, multicast, reserved. */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv6");
}

/** An IPv4 address hidden in an IPv6 one (::ffff:a.b.c.d, also written in hex), else null. */
function embeddedIpv4(address: string): string | null {
  const match =
    /^(?:0{0,4}:){0,5}(?:0{0,4}:)?ffff:(.+)$/i.exec(address) ?? /^::(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (!match) return null;
  const tail = match[1]!;
  if (isIP(tail) === 4) return tail;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(tail);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** Whether an IP address (v4 or v6) is one on the public internet. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").split("%")[0]!;
  const family = isIP(bare);
  if (family === 0) return false;
  if (family === 4) return !NOT_PUBLIC.check(bare, "ipv4");
  const v4 = embeddedIpv4(bare);
  if (v4 !== null) return !NOT_PUBLIC.check(v4, "ipv4");
  return !NOT_PUBLIC.check(bare, "ipv6");
}

/** Whether `host` matches an allow-list entry: the name itself, or a subdomain of a "*." entry. */
export function isAllowedPushHost(host: string, allowed: readonly string[]): boolean {
  const name = host.toLowerCase().replace(/\.$/, "");
  return allowed.some((entry) => {
    const pattern = entry.toLowerCase().trim();
    if (pattern.startsWith("*.")) {
      const suffix = pattern.slice(1);
      return name.endsWith(suffix) && name.length > suffix.length;
    }
    return name === pattern;
  });
}

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

export interface CheckedEndpoint {
  url: URL;
  /** A development-only endpoint on this machine (the local push service): loopback addresses are expected. */
  loopback: boolean;
}

const refuse = (key: MessageKey) => new AppError("BAD_REQUEST", key);

/** The URL-level rules: scheme, credentials, host on the allow-list (or loopback http where allowed). No DNS. */
export function checkEndpointUrl(
  endpoint: string,
  config: Pick<PushConfig, "serviceHosts" | "allowLoopbackHttp">,
): CheckedEndpoint {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw refuse("pushEndpointInvalid");
  }
  if (url.username || url.password) throw refuse("pushEndpointInvalid");
  if (
    config.allowLoopbackHttp &&
    (url.protocol === "http:" || url.protocol === "https:") &&
    LOOPBACK_HOSTS.has(url.hostname)
  ) {
    return { url, loopback: true };
  }
  if (url.protocol !== "https:") throw refuse("pushEndpointNotAllowed");
  // A literal address is never a push service's host, even if someone lists one.
  if (isIP(url.hostname.replace(/^\[|\]$/g, "")) !== 0) throw refuse("pushEndpointNotAllowed");
  if (!isAllowedPushHost(url.hostname, config.serviceHosts)) throw refuse("pushEndpointNotAllowed");
  if (url.port !== "" && url.port !== "443") throw refuse("pushEndpointNotAllowed");
  return { url, loopback: false };
}

export type Resolver = (host: string) => Promise<string[]>;

/** Every address the system resolver gives for a name. */
export const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/** The addresses an endpoint's host resolves to, refused unless every one is public (loopback endpoints: loopback). */
export async function checkResolvedAddresses(checked: CheckedEndpoint, resolve: Resolver): Promise<string[]> {
  let addresses: string[];
  try {
    addresses = await resolve(checked.url.hostname.replace(/^\[|\]$/g, ""));
  } catch {
    throw refuse("pushEndpointUnresolvable");
  }
  if (addresses.length === 0) throw refuse("pushEndpointUnresolvable");
  const acceptable = checked.loopback ? isLoopbackAddress : isPublicAddress;
  if (!addresses.every(acceptable)) throw refuse("pushEndpointNotPublic");
  return addresses;
}

export function isLoopbackAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  if (bare === "::1") return true;
  const v4 = isIP(bare) === 4 ? bare : embeddedIpv4(bare);
  return v4 !== null && v4.startsWith("127.");
}

/** Both checks: what subscribing runs before storing an endpoint. */
export async function checkPushEndpoint(
  endpoint: string,
  config: PushConfig,
  resolve: Resolver = systemResolver,
): Promise<CheckedEndpoint> {
  const checked = checkEndpointUrl(endpoint, config);
  await checkResolvedAddresses(checked, resolve);
  return checked;
}
