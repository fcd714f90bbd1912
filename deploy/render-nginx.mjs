#!/usr/bin/env node
// Renders the committed nginx templates (deploy/nginx/) for a set of instances. Plain Node, no
// dependencies, so it runs on the server that hosts nginx. Usage (README, "Deploy"):
//   node deploy/render-nginx.mjs --listen 80 --upstream 127.0.0.1:3001 --upstream 127.0.0.1:3002 \
//     --cache-dir /var/cache/nginx/help-your-neighbor > /etc/nginx/sites-available/help-your-neighbor
//   node deploy/render-nginx.mjs --standalone /tmp/hyn-nginx --listen 8080 --upstream 127.0.0.1:3001 ...
//     (writes nginx.conf and site.conf there; run: nginx -p /tmp/hyn-nginx -c /tmp/hyn-nginx/nginx.conf -g 'daemon off;')
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { BODY_LIMIT_BYTES } from "../apps/server/src/body-limit.mjs";

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

/** The site: an upstream of `upstreams` ("host:port"), listening on `listen` ("8080" or "host:port"). */
export function renderSite({ listen, upstreams, cacheDir }) {
  if (upstreams.length === 0) throw new Error("at least one --upstream host:port is needed");
  const servers = upstreams
    .map((address) => `    server ${address} max_fails=1 fail_timeout=${UPSTREAM_FAIL_TIMEOUT_SECONDS}s;`)
    .join("\n");
  return fill("help-your-neighbor.conf.template", {
    LISTEN: String(listen),
    UPSTREAM_SERVERS: servers,
    CACHE_DIR: cacheDir,
    // The instances' own limit: nginx answers every larger body itself (see BODY_LIMIT_BYTES).
    CLIENT_MAX_BODY_SIZE: String(BODY_LIMIT_BYTES),
  });
}

/** nginx as a process of its own under `prefix`; returns the path of its main configuration. */
export function writeStandalone(prefix, { listen, upstreams }) {
  const root = path.resolve(prefix);
  for (const dir of ["temp", "cache"]) mkdirSync(path.join(root, dir), { recursive: true });
  // Started as root, nginx's workers run as nobody: they must reach the temp and cache folders.
  chmodSync(root, 0o755);
  const site = path.join(root, "site.conf");
  writeFileSync(site, renderSite({ listen, upstreams, cacheDir: path.join(root, "cache") }));
  const main = path.join(root, "nginx.conf");
  writeFileSync(main, fill("standalone.conf.template", { SITE: site }));
  return main;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      listen: { type: "string", default: "80" },
      upstream: { type: "string", multiple: true, default: [] },
      "cache-dir": { type: "string", default: "/var/cache/nginx/help-your-neighbor" },
      standalone: { type: "string" },
    },
  });
  const options = { listen: values.listen, upstreams: values.upstream, cacheDir: values["cache-dir"] };
  if (values.standalone) process.stdout.write(`${writeStandalone(values.standalone, options)}\n`);
  else process.stdout.write(renderSite(options));
}
