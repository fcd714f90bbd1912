#!/usr/bin/env node
// Renders the committed nginx templates (deploy/nginx/) for a set of instances. Plain Node, no
// dependencies, so it runs on the server that hosts nginx. Usage (README, "Deploy"):
//   node deploy/render-nginx.mjs --server-name your.domain --upstream 127.0.0.1:3001 --upstream 127.0.0.1:3002 \
//     [--tls-cert /etc/letsencrypt/live/your.domain/fullchain.pem --tls-key .../privkey.pem] \
//     > /etc/nginx/sites-available/help-your-neighbor
//   node deploy/render-nginx.mjs --standalone /tmp/hyn-nginx --listen 8080 --upstream 127.0.0.1:3001 ...
//     (writes nginx.conf and site.conf there; run: nginx -p /tmp/hyn-nginx -c /tmp/hyn-nginx/nginx.conf -g 'daemon off;')
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { BODY_LIMIT_BYTES } from "../apps/server/src/body-limit.mjs";
import { TOKEN_PATH_PREFIXES } from "./nginx/token-paths.mjs";

const templates = fileURLToPath(new URL("./nginx/", import.meta.url));

function fill(template, values) {
  return readFileSync(path.join(templates, template), "utf8").replace(/\{\{(\w+)\}\}/g, (_, name) => {
    if (!(name in values)) throw new Error(`${template}: no value for {{${name}}}`);
    return values[name];
  });
}

/**
 * After a failed connection nginx leaves an instance alone this long: in a rolling restart, stop the
 * next instance only this long after the previous one is ready again, or nginx may see none left.
 */
export const UPSTREAM_FAIL_TIMEOUT_SECONDS = 5;

/** Where Debian's nginx package serves files from, and so where certbot's webroot challenge is answered. */
export const DEFAULT_ACME_WEBROOT = "/var/www/html";
export const DEFAULT_ACCESS_LOG = "/var/log/nginx/help-your-neighbor.access.log";
export const DEFAULT_CACHE_DIR = "/var/cache/nginx/help-your-neighbor";

/**
 * `listen` lines for "80" (every IPv4 and IPv6 address, as Debian's default site listens, so neither
 * protocol falls to that site) or "host:port" (that address alone), with `flags` ("ssl http2").
 */
function listenLines(listen, flags) {
  const addresses = /^\d+$/.test(String(listen)) ? [String(listen), `[::]:${listen}`] : [String(listen)];
  return addresses.map((address) => `    listen ${[address, ...flags].join(" ")};`).join("\n");
}

const portOf = (listen) => Number(String(listen).match(/(\d+)$/)?.[1]);

/** One nginx `map` entry per token path: the segment after it becomes [redacted], the rest is kept. */
function tokenPathRules() {
  return TOKEN_PATH_PREFIXES.map(
    (prefix) =>
      `    "~*^(?<hyn_token_route>${prefix.replace(/[.\\+*?()[\]{}|^$]/g, "\\$&")})[^/]+(?<hyn_after_token>.*)$" "\${hyn_token_route}[redacted]\${hyn_after_token}";`,
  ).join("\n");
}

function acmeLocation(webroot) {
  return `
    # Let's Encrypt's HTTP challenge (\`certbot certonly --webroot -w ${webroot}\`), answered over plain HTTP.
    location ^~ /.well-known/acme-challenge/ {
        root ${webroot};
    }
`;
}

/** With TLS, plain HTTP only answers the certificate's challenge and sends everything else to HTTPS. */
function redirectServer({ listen, serverName, defaultServer, accessLog, acmeWebroot, tlsListen }) {
  const port = portOf(tlsListen);
  return `# Plain HTTP: every address moves to HTTPS, the path and query kept.
server {
${listenLines(listen, defaultServer)}
    server_name ${serverName};
    access_log ${accessLog} hyn_redacted;
${acmeLocation(acmeWebroot)}
    location / {
        return 301 https://$host${port === 443 ? "" : `:${port}`}$request_uri;
    }
}

`;
}

/**
 * The site: an upstream of `upstreams` ("host:port"), listening on `listen` ("80" or "host:port").
 * With `serverNames` it answers those names (beside Debian's default site, which keeps every other
 * name); without, it is the port's default server, answering whatever Host arrives. With `tls`
 * ({ cert, key, listen }), the app is served over HTTPS on `tls.listen` and `listen` redirects to it.
 */
export function renderSite({
  listen,
  upstreams,
  cacheDir,
  serverNames = [],
  tls,
  accessLog = DEFAULT_ACCESS_LOG,
  acmeWebroot = DEFAULT_ACME_WEBROOT,
}) {
  if (upstreams.length === 0) throw new Error("at least one --upstream host:port is needed");
  if (tls && !(tls.cert && tls.key)) throw new Error("--tls-cert and --tls-key go together");
  const servers = upstreams
    .map((address) => `    server ${address} max_fails=1 fail_timeout=${UPSTREAM_FAIL_TIMEOUT_SECONDS}s;`)
    .join("\n");
  // nginx matches server_name before it falls back to a port's default server, and `server_name _;`
  // matches no Host at all: without names of its own the site must be the default server.
  const defaultServer = serverNames.length === 0 ? ["default_server"] : [];
  const serverName = serverNames.length === 0 ? "_" : serverNames.join(" ");
  return fill("help-your-neighbor.conf.template", {
    TOKEN_PATH_RULES: tokenPathRules(),
    UPSTREAM_SERVERS: servers,
    CACHE_DIR: cacheDir,
    REDIRECT_SERVER: tls
      ? redirectServer({ listen, serverName, defaultServer, accessLog, acmeWebroot, tlsListen: tls.listen })
      : "",
    LISTEN_LINES: tls
      ? listenLines(tls.listen, ["ssl", "http2", ...defaultServer])
      : listenLines(listen, defaultServer),
    SERVER_NAME: serverName,
    TLS_LINES: tls ? `    ssl_certificate ${tls.cert};\n    ssl_certificate_key ${tls.key};\n` : "",
    ACCESS_LOG: accessLog,
    ACME_LOCATION: tls ? "" : acmeLocation(acmeWebroot),
    // The instances' own limit: nginx answers every larger body itself (see BODY_LIMIT_BYTES).
    CLIENT_MAX_BODY_SIZE: String(BODY_LIMIT_BYTES),
  });
}

/** nginx as a process of its own under `prefix`; returns the path of its main configuration. */
export function writeStandalone(prefix, options) {
  const root = path.resolve(prefix);
  for (const dir of ["temp", "cache", "log"]) mkdirSync(path.join(root, dir), { recursive: true });
  // Started as root, nginx's workers run as nobody: they must reach the temp and cache folders.
  chmodSync(root, 0o755);
  const site = path.join(root, "site.conf");
  writeFileSync(
    site,
    renderSite({
      ...options,
      cacheDir: path.join(root, "cache"),
      accessLog: path.join(root, "log", "access.log"),
      acmeWebroot: path.join(root, "acme"),
    }),
  );
  const main = path.join(root, "nginx.conf");
  writeFileSync(main, fill("standalone.conf.template", { SITE: site }));
  return main;
}

/** The site's options from the command line (README, "Deploy"). */
export function siteOptionsFromArgs(args) {
  const { values } = parseArgs({
    args,
    options: {
      listen: { type: "string", default: "80" },
      "server-name": { type: "string", multiple: true, default: [] },
      upstream: { type: "string", multiple: true, default: [] },
      "cache-dir": { type: "string", default: DEFAULT_CACHE_DIR },
      "access-log": { type: "string", default: DEFAULT_ACCESS_LOG },
      "acme-webroot": { type: "string", default: DEFAULT_ACME_WEBROOT },
      "tls-cert": { type: "string" },
      "tls-key": { type: "string" },
      "listen-tls": { type: "string", default: "443" },
      standalone: { type: "string" },
    },
  });
  const tls =
    values["tls-cert"] || values["tls-key"]
      ? { cert: values["tls-cert"], key: values["tls-key"], listen: values["listen-tls"] }
      : undefined;
  return {
    standalone: values.standalone,
    site: {
      listen: values.listen,
      serverNames: values["server-name"],
      upstreams: values.upstream,
      cacheDir: values["cache-dir"],
      accessLog: values["access-log"],
      acmeWebroot: values["acme-webroot"],
      tls,
    },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const { standalone, site } = siteOptionsFromArgs(process.argv.slice(2));
    if (standalone) process.stdout.write(`${writeStandalone(standalone, site)}\n`);
    else process.stdout.write(renderSite(site));
  } catch (error) {
    process.stderr.write(`render-nginx: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  }
}
