import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import dns from "node:dns";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { nodeFlagsOfStartScript } from "@hyn/server/start-flags";
import { DebianNginx } from "./debian-nginx";
import { instancePorts, proxyPort, proxyURL } from "./ports";
import { nginxBlock, testValues } from "./readme-deploy";

/**
 * The cluster's rate limits, relaxed a little: a spec file shares one cluster (one database of counts), and its
 * tests sign up a dozen people from one address, over the ten sign-ups an hour one address may make.
 */
export const CLUSTER_RATE_LIMIT_MULTIPLIER = 3;

const root = fileURLToPath(new URL("../../", import.meta.url));
const postgresURL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

// Every name under localhost is the loopback interface (RFC 6761), and Chromium resolves them so
// itself; glibc without nss-myhostname does not, so this process's own calls get the same answer.
const systemLookup = dns.lookup;
dns.lookup = ((hostname: string, options: unknown, callback?: unknown) => {
  if (!/\.localhost$/i.test(hostname))
    return (systemLookup as (...args: unknown[]) => void)(hostname, options, callback);
  const done = (typeof options === "function" ? options : callback) as (...args: unknown[]) => void;
  const all = typeof options === "object" && options !== null && (options as { all?: boolean }).all;
  process.nextTick(() => (all ? done(null, [{ address: "127.0.0.1", family: 4 }]) : done(null, "127.0.0.1", 4)));
}) as typeof dns.lookup;

export interface Instance {
  port: number;
  /** What the running process has written (request logs included: LOG_LEVEL=debug, so a live stream shows when it starts, not only when it ends). */
  log: string;
  process: ChildProcess;
  exited: Promise<number | null>;
}

/** A GET over a connection of its own, closed afterwards; the status, or 0 if it could not connect. */
export function statusOf(url: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: new http.Agent({ keepAlive: false }) }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", () => resolve(0));
  });
}

export async function waitForStatus(url: string, status: number, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while ((await statusOf(url)) !== status) {
    if (Date.now() > deadline) throw new Error(`${url} did not answer ${status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * The deployment of deploy/ on local ports: two built server instances on a fresh PostgreSQL database,
 * behind Debian's nginx with its own nginx.conf and default site, set up by the README's steps.
 */
export class Cluster {
  readonly instances: Instance[] = [];
  private readonly database = `hyn_proxy_e2e_${proxyPort}_${process.pid}`;
  private readonly prefix = mkdtempSync(path.join(tmpdir(), "hyn-nginx-"));
  readonly nginx = new DebianNginx(this.prefix, proxyPort);

  private psql(sql: string) {
    execFileSync("psql", [postgresURL, "-v", "ON_ERROR_STOP=1", "-q", "-c", sql], {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, PGOPTIONS: "-c client_min_messages=warning" },
    });
  }

  async start() {
    this.psql(`DROP DATABASE IF EXISTS ${this.database} WITH (FORCE)`);
    this.psql(`CREATE DATABASE ${this.database}`);
    // One at a time: the second finds the migrations applied by the first.
    for (const port of instancePorts) this.instances.push(await this.startInstance(port));
    this.nginx.follow(nginxBlock({ tls: false }), (line) => testValues(line, { http: proxyPort }));
    await waitForStatus(`${proxyURL}/healthz`, 200, 15_000);
  }

  private async startInstance(port: number): Promise<Instance> {
    const databaseURL = new URL(postgresURL);
    databaseURL.pathname = `/${this.database}`;
    const child = spawn(
      process.execPath,
      [...nodeFlagsOfStartScript(new URL("../../package.json", import.meta.url)), "apps/server/dist/server.mjs"],
      {
        cwd: root,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: "127.0.0.1",
          DATABASE_URL: databaseURL.toString(),
          APP_URL: proxyURL,
          TRUST_PROXY: "true",
          NODE_ENV: "test",
          LOG_LEVEL: "debug",
          REQUIRE_EMAIL_CONFIRMATION: "false",
          RATE_LIMIT_MULTIPLIER: String(CLUSTER_RATE_LIMIT_MULTIPLIER),
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    const instance: Instance = {
      port,
      log: "",
      process: child,
      exited: new Promise((resolve) => child.on("exit", (code) => resolve(code))),
    };
    child.stdout!.on("data", (d: Buffer) => (instance.log += d.toString()));
    child.stderr!.on("data", (d: Buffer) => (instance.log += d.toString()));
    await waitForStatus(`http://127.0.0.1:${port}/readyz`, 200);
    return instance;
  }

  /** A rolling deploy's step: SIGTERM (the instance drains and exits 0), then a new process on its port. */
  async restart(index: number): Promise<number | null> {
    const old = this.instances[index]!;
    old.process.kill("SIGTERM");
    const code = await old.exited;
    this.instances[index] = await this.startInstance(old.port);
    return code;
  }

  /** Which instances' request logs show a call whose URL contains `fragment`. */
  servedBy(fragment: string): number[] {
    return this.instances.flatMap((instance, index) =>
      instance.log.split("\n").some((line) => line.includes(`"url":"${fragment}`)) ? [index] : [],
    );
  }

  /** Every e-mail any instance's dev mailbox holds for `to` (each instance keeps those it sent). */
  async mail(to: string): Promise<{ links: string[] }[]> {
    const boxes = await Promise.all(
      this.instances.map(async ({ port }) => {
        const response = await fetch(`http://127.0.0.1:${port}/dev/mailbox?to=${encodeURIComponent(to)}`);
        return ((await response.json()) as { emails: { links: string[] }[] }).emails;
      }),
    );
    return boxes.flat();
  }

  async stop() {
    await this.nginx.stop();
    for (const instance of this.instances) instance.process.kill("SIGKILL");
    await Promise.all(this.instances.map((instance) => instance.exited));
    rmSync(this.prefix, { recursive: true, force: true });
    this.psql(`DROP DATABASE IF EXISTS ${this.database} WITH (FORCE)`);
  }
}
