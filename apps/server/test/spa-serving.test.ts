import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./test-app";

/** A miniature web build: what `vite build` writes, as far as the server cares (issue 6). */
let webDist: string;
let app: TestApp;
const script = `console.log(${JSON.stringify("x".repeat(2000))});`;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), "hyn-web-dist-"));
  await mkdir(path.join(webDist, "assets"));
  await writeFile(
    path.join(webDist, "index.html"),
    `<!doctype html><html lang="en"><body><div id="root"></div></body></html>`,
  );
  await writeFile(path.join(webDist, "assets", "Dashboard-abc123.js"), script);
  await writeFile(path.join(webDist, "assets", "Dashboard-abc123.js.br"), brotliCompressSync(script));
  await writeFile(path.join(webDist, "assets", "Dashboard-abc123.js.gz"), gzipSync(script));
  await writeFile(path.join(webDist, "sw.js"), "self.addEventListener('fetch', () => {});");
  await writeFile(path.join(webDist, "manifest.webmanifest"), JSON.stringify({ name: "Help Your Neighbor" }));
  await writeFile(
    path.join(webDist, "route-preloads.json"),
    JSON.stringify({ "/": ["/assets/index-1.css", "/assets/Dashboard-abc123.js"] }),
  );
  app = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await app.close();
  await rm(webDist, { recursive: true, force: true });
});

describe("serving the built web app", () => {
  it("sends a page's index.html for revalidation every time, with its screen's files to preload", async () => {
    const response = await app.server.inject({ method: "GET", url: "/" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.headers.link).toBe(
      "</assets/index-1.css>; rel=preload; as=style; crossorigin, </assets/Dashboard-abc123.js>; rel=modulepreload; crossorigin",
    );
    expect(response.body).toContain('<div id="root">');
  });

  it("answers an unknown page with the app and a 404, and no preloads", async () => {
    const response = await app.server.inject({ method: "GET", url: "/no-such-page" });
    expect(response.statusCode).toBe(404);
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.headers.link).toBeUndefined();
  });

  it("sends hashed assets compressed ahead of time and cached for a year", async () => {
    const brotli = await app.server.inject({
      method: "GET",
      url: "/assets/Dashboard-abc123.js",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotli.rawPayload.length).toBeLessThan(script.length / 4);

    const plain = await app.server.inject({ method: "GET", url: "/assets/Dashboard-abc123.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
  });
});

describe("the installable app (ADR 0016)", () => {
  it("sends the service worker for revalidation on every visit, so a new version is found at once", async () => {
    const response = await app.server.inject({ method: "GET", url: "/sw.js" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.headers["content-type"]).toMatch(/javascript/);
  });

  it("lets pages load the worker and the manifest from this origin", async () => {
    const manifest = await app.server.inject({ method: "GET", url: "/manifest.webmanifest" });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    const csp = String(manifest.headers["content-security-policy"]);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });

  it("answers a request's page, which notification links open, with the app", async () => {
    const response = await app.server.inject({ method: "GET", url: "/requests/0b6c5a3e-4a8e-4a8a-9f2c-1f0c5d6e7a8b" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
  });
});

describe("HEAD requests, which uptime monitors send", () => {
  it("answers HEAD of the home page, an app route and an asset as GET does, without a body", async () => {
    for (const url of ["/", "/groups", "/invite/abc", "/assets/Dashboard-abc123.js"]) {
      const get = await app.server.inject({ method: "GET", url });
      const head = await app.server.inject({ method: "HEAD", url });
      expect({ url, status: head.statusCode }).toEqual({ url, status: 200 });
      expect(head.headers["content-type"]).toBe(get.headers["content-type"]);
      expect(head.headers["cache-control"]).toBe(get.headers["cache-control"]);
      expect(head.body).toBe("");
    }
  });

  it("answers HEAD of an unknown page or API path with a 404, as GET does", async () => {
    for (const url of ["/no-such-page", "/api/no-such-thing", "/assets/missing.js"]) {
      const get = await app.server.inject({ method: "GET", url });
      const head = await app.server.inject({ method: "HEAD", url });
      expect({ url, status: head.statusCode }).toEqual({ url, status: get.statusCode });
      expect(head.statusCode).toBe(404);
    }
  });
});
