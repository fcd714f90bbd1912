import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { appUrlRedactionRules, appUrlRedactor } from "../apps/server/src/url-redaction";
import { renderSite, siteOptionsFromArgs } from "../deploy/render-nginx.mjs";
import { TOKEN_PATH_PREFIXES } from "../deploy/nginx/token-paths.mjs";
import { DebianNginx } from "../e2e/proxy/debian-nginx";
import { nginxBlock, testValues } from "../e2e/proxy/readme-deploy";

const root = path.resolve(import.meta.dirname, "..");
const mounts = { trpcPrefix: "/trpc", restPrefix: "/api" };
const upstreams = ["127.0.0.1:3001", "127.0.0.1:3002"];
const cacheDir = "/var/cache/nginx/help-your-neighbor";

/** The README's render command for the site, as its words (`> file` left off). */
function readmeRenderArgs(tls: boolean): string[] {
  const line = nginxBlock({ tls }).find((l) => l.startsWith("node deploy/render-nginx.mjs"))!;
  return line.split(">")[0]!.trim().split(/\s+/).slice(2);
}

/** The lines of each `server { ... }` block of a rendered site. */
function serverBlocks(site: string): string[] {
  return site.split(/^server \{$/m).slice(1);
}

describe("the nginx site's access log", () => {
  it("redacts the segment after every path where the app's own log redacts a token, and no other", () => {
    const { secretNames, pathTemplates } = appUrlRedactionRules(mounts);
    const secretPrefixes = new Set<string>();
    for (const template of pathTemplates) {
      const segments = template.split("/").filter(Boolean);
      segments.forEach((segment, index) => {
        if (![...segment.matchAll(/:(\w+)/g)].some(([, name]) => secretNames.has(name!))) return;
        // nginx's rules are literal prefixes: a token after another parameter would need a new kind of rule.
        expect(
          segments.slice(0, index).every((s) => !s.includes(":")),
          template,
        ).toBe(true);
        secretPrefixes.add(`/${segments.slice(0, index).join("/").toLowerCase()}/`);
      });
    }
    expect([...TOKEN_PATH_PREFIXES].sort()).toEqual([...secretPrefixes].sort());
    const redact = appUrlRedactor(mounts);
    for (const prefix of TOKEN_PATH_PREFIXES) expect(redact(`${prefix}s3cret`)).not.toContain("s3cret");
  });

  it("tries a longer token path before a shorter one it starts with (nginx takes the first match)", () => {
    TOKEN_PATH_PREFIXES.forEach((prefix, index) => {
      const later = TOKEN_PATH_PREFIXES.slice(index + 1);
      expect(later.filter((other) => other.startsWith(prefix) && other !== prefix)).toEqual([]);
    });
  });

  it("is the site's own in every server block, in the redacting format, with no Referer and no raw request line", () => {
    for (const tls of [false, true]) {
      const site = renderSite({ ...siteOptionsFromArgs(readmeRenderArgs(tls)).site, upstreams, cacheDir });
      const blocks = serverBlocks(site);
      expect(blocks).toHaveLength(tls ? 2 : 1);
      for (const block of blocks)
        expect(block).toContain("access_log /var/log/nginx/help-your-neighbor.access.log hyn_redacted;");
      const format = site.slice(site.indexOf("log_format hyn_redacted"), site.indexOf(";", site.indexOf("log_format")));
      expect(format).not.toMatch(/\$request\b|\$request_uri|\$args|\$query_string|\$http_referer|\$uri\b/);
      expect(format).toContain("$hyn_logged_path$hyn_logged_query");
    }
  });
});

describe("the nginx site beside Debian's default site", () => {
  it("is the port's default server without names, and answers only its names with them", () => {
    const anyHost = renderSite({ listen: "80", upstreams, cacheDir });
    expect(anyHost).toContain("    listen 80 default_server;\n    listen [::]:80 default_server;\n    server_name _;");
    const named = renderSite({ listen: "80", upstreams, cacheDir, serverNames: ["your.domain"] });
    expect(named).toContain("    listen 80;\n    listen [::]:80;\n    server_name your.domain;");
    expect(named).not.toContain("default_server");
  });

  it("with TLS serves the app on 443 with the operator's certificate and redirects plain HTTP, keeping the path", () => {
    const options = siteOptionsFromArgs(readmeRenderArgs(true)).site;
    expect(options.tls).toEqual({
      cert: "/etc/letsencrypt/live/your.domain/fullchain.pem",
      key: "/etc/letsencrypt/live/your.domain/privkey.pem",
      listen: "443",
    });
    const [redirect, app] = serverBlocks(renderSite({ ...options, upstreams, cacheDir }));
    expect(redirect).toContain("    listen 80;\n    listen [::]:80;\n    server_name your.domain;");
    expect(redirect).toContain("return 301 https://$host$request_uri;");
    expect(redirect).toContain("location ^~ /.well-known/acme-challenge/ {\n        root /var/www/html;");
    expect(redirect).not.toContain("proxy_pass");
    expect(app).toContain("    listen 443 ssl http2;\n    listen [::]:443 ssl http2;\n    server_name your.domain;");
    expect(app).toContain("    ssl_certificate /etc/letsencrypt/live/your.domain/fullchain.pem;");
    expect(app).toContain("    ssl_certificate_key /etc/letsencrypt/live/your.domain/privkey.pem;");
    // On another port than 443 the redirect names it.
    const elsewhere = renderSite({ ...options, upstreams, cacheDir, tls: { ...options.tls!, listen: "8443" } });
    expect(elsewhere).toContain("return 301 https://$host:8443$request_uri;");
  });

  it("re-rendered with the README's command keeps the TLS lines; a certificate without its key is refused", () => {
    const render = (args: string[]) =>
      spawnSync(process.execPath, ["deploy/render-nginx.mjs", ...args], { cwd: root, encoding: "utf8" });
    const args = [...readmeRenderArgs(true), "--cache-dir", cacheDir];
    const first = render(args);
    expect(first.status).toBe(0);
    expect(render(args).stdout).toBe(first.stdout);
    expect(first.stdout).toContain("ssl_certificate_key");
    const keyAt = args.indexOf("--tls-key");
    const half = render([...args.slice(0, keyAt), ...args.slice(keyAt + 2)]);
    expect([half.status, half.stderr]).toEqual([2, "render-nginx: --tls-cert and --tls-key go together\n"]);
  });

  it.skipIf(!existsSync("/usr/sbin/nginx"))(
    "passes `nginx -t` with Debian's nginx.conf and default site on the same port, with and without TLS",
    () => {
      for (const tls of [false, true]) {
        const prefix = mkdtempSync(path.join(tmpdir(), "hyn-nginx-t-"));
        try {
          const cert = path.join(prefix, "cert.pem");
          const key = path.join(prefix, "key.pem");
          if (tls)
            execFileSync(
              "openssl",
              [
                "req",
                "-x509",
                "-newkey",
                "rsa:2048",
                "-nodes",
                "-days",
                "1",
                "-keyout",
                key,
                "-out",
                cert,
                "-subj",
                "/CN=x",
              ],
              { stdio: "ignore" },
            );
          const nginx = new DebianNginx(prefix, 8080);
          // The README's steps in order: the site enabled on plain HTTP, then re-rendered with TLS.
          const steps = tls ? [...nginxBlock({ tls: false }), ...nginxBlock({ tls: true })] : nginxBlock({ tls });
          const lines = steps.filter((line) => !line.startsWith("nginx -t"));
          nginx.follow(lines, (line) => testValues(line, { http: 8080, https: 8443, cert, key }));
          expect(readdirSync(path.join(nginx.etc, "sites-enabled")).sort()).toEqual(["default", "help-your-neighbor"]);
          expect(() => nginx.check()).not.toThrow();
        } finally {
          rmSync(prefix, { recursive: true, force: true });
        }
      }
    },
  );
});
