import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));
const NGINX = "/usr/sbin/nginx";

/** The absolute paths of Debian's nginx package, and where under the test's prefix each goes. */
const PACKAGE_PATHS: [string, string][] = [
  ["/etc/nginx/", "etc/nginx/"],
  ["/var/log/nginx/", "log/"],
  ["/var/cache/nginx/", "cache/"],
  ["/var/lib/nginx/", "lib/"],
  ["/var/www/html", "www"],
  ["/run/nginx.pid", "nginx.pid"],
];

/**
 * Debian's nginx as the package installs it (/etc/nginx: its nginx.conf, mime.types and the default
 * site with `listen 80 default_server`), copied under `prefix` with its absolute paths moved there, and
 * the default site's port 80 moved to `httpPort`: the operator's configuration, run as a process of its
 * own on the test's ports without touching the system's nginx. A site is installed the README's way
 * (rendered into sites-available, linked from sites-enabled).
 */
export class DebianNginx {
  private process: ChildProcess | null = null;
  private exited: Promise<unknown> = Promise.resolve();
  /** What nginx wrote to its error log (the main config's `error_log`) and stderr. */
  errors = "";

  constructor(
    readonly prefix: string,
    private readonly httpPort: number,
  ) {
    // Started as root, nginx's workers run as Debian's www-data: they must reach the prefix.
    chmodSync(prefix, 0o755);
    for (const dir of ["log", "cache", "lib", "www"]) mkdirSync(path.join(prefix, dir), { recursive: true });
    cpSync("/etc/nginx", this.etc, { recursive: true, dereference: false, verbatimSymlinks: true });
    if (existsSync("/var/www/html")) cpSync("/var/www/html", path.join(prefix, "www"), { recursive: true });
    for (const file of files(this.etc)) {
      if (lstatSync(file).isSymbolicLink()) {
        // sites-enabled/default points at /etc/nginx/sites-available/default: at the copy instead.
        const target = this.relocate(readlinkSync(file));
        unlinkSync(file);
        symlinkSync(target, file);
      } else writeFileSync(file, this.relocate(readFileSync(file, "utf8")));
    }
    const defaultSite = path.join(this.etc, "sites-available/default");
    writeFileSync(
      defaultSite,
      readFileSync(defaultSite, "utf8").replace(/^(\s*listen\s+(?:\[::\]:)?)80(\s)/gm, `$1${httpPort}$2`),
    );
    // The package's compiled-in temporary folders are the system's (/var/lib/nginx): these are the test's.
    writeFileSync(
      path.join(this.etc, "conf.d/test-temp-paths.conf"),
      ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
        .map((kind) => `${kind}_temp_path ${path.join(prefix, "lib", kind)};`)
        .join("\n") + "\n",
    );
  }

  get etc() {
    return path.join(this.prefix, "etc/nginx");
  }

  /** Debian's absolute paths in `text` (a configuration file, a README command) moved under the prefix. */
  relocate(text: string): string {
    // Only a path's start: text already moved (the prefix ends in /etc/nginx/ too) stays as it is.
    return PACKAGE_PATHS.reduce(
      (result, [from, to]) => result.replace(new RegExp(`(?<![\\w./-])${from}`, "g"), `${this.prefix}/${to}`),
      text,
    );
  }

  /**
   * A block of the README's nginx steps as written, on this nginx: each line with the operator's values
   * swapped for the test's (`rewrite`) and Debian's paths moved under the prefix. Installing packages
   * and asking Let's Encrypt are the machine's and the test's business; `nginx -t && systemctl reload
   * nginx` is this nginx's check and start.
   */
  follow(lines: string[], rewrite: (line: string) => string) {
    for (const line of lines) {
      if (/^(apt-get|certbot) /.test(line)) continue;
      if (line === "nginx -t && systemctl reload nginx") this.start();
      else
        execFileSync("sh", ["-c", this.relocate(rewrite(line))], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
    }
  }

  /** What the renderer wrote holds Debian's paths (its access log, cache): moved under the prefix. */
  private relocateSites() {
    const available = path.join(this.etc, "sites-available");
    for (const name of readdirSync(available)) {
      const file = path.join(available, name);
      writeFileSync(file, this.relocate(readFileSync(file, "utf8")));
    }
  }

  /** `nginx -t` on the main configuration: throws with nginx's words when it fails. */
  check() {
    this.relocateSites();
    execFileSync(NGINX, this.args(["-t", "-q"]), { stdio: ["ignore", "ignore", "pipe"] });
  }

  private args(extra: string[]) {
    return ["-p", this.prefix, "-c", path.join(this.etc, "nginx.conf"), "-e", this.log("error.log"), ...extra];
  }

  log(name: string): string {
    return path.join(this.prefix, "log", name);
  }

  /** A log file's text ("" until nginx has written one). */
  read(name: string): string {
    return existsSync(this.log(name)) ? readFileSync(this.log(name), "utf8") : "";
  }

  /** Starts nginx, or, once it runs, has it reload its configuration (`systemctl reload nginx`). */
  start() {
    this.check();
    if (this.process && this.process.exitCode === null) {
      execFileSync(NGINX, this.args(["-s", "reload"]), { stdio: ["ignore", "ignore", "pipe"] });
      return;
    }
    const child = spawn(NGINX, this.args(["-g", "daemon off;"]), { stdio: ["ignore", "ignore", "pipe"] });
    child.stderr!.on("data", (d: Buffer) => (this.errors += d.toString()));
    this.exited = new Promise((resolve) => child.once("exit", resolve));
    this.process = child;
  }

  async stop() {
    if (this.process && this.process.exitCode === null) {
      this.process.kill("SIGTERM");
      await this.exited;
    }
  }
}

/** Every file and link under `dir`. */
function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? files(file) : [file];
  });
}
