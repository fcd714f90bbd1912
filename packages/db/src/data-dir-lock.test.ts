import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { claimDataDir, DATA_DIR_OWNER_FILE, DataDirInUseError } from "./data-dir-lock";

const dirs: string[] = [];
function freshDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "hyn-lock-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("claiming an embedded database's directory", () => {
  it("writes this process's id, and removes it on release", () => {
    const dir = freshDir();
    const release = claimDataDir(dir);
    expect(readFileSync(path.join(dir, DATA_DIR_OWNER_FILE), "utf8")).toBe(String(process.pid));
    release();
    expect(existsSync(path.join(dir, DATA_DIR_OWNER_FILE))).toBe(false);
  });

  it("refuses a directory another live process holds", () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, DATA_DIR_OWNER_FILE), String(process.ppid));
    expect(() => claimDataDir(dir)).toThrow(DataDirInUseError);
  });

  it("takes over a directory whose owner has died without releasing it", () => {
    const dir = freshDir();
    const ended = spawnSync(process.execPath, ["-e", "0"]);
    writeFileSync(path.join(dir, DATA_DIR_OWNER_FILE), String(ended.pid));
    claimDataDir(dir)();
  });
});
