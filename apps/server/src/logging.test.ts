import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { logFormatFor, prettyLogStream } from "./logging";

describe("the log format", () => {
  it("is readable lines at a terminal, JSON when the output is collected or in production", () => {
    expect(logFormatFor({ NODE_ENV: "development", LOG_FORMAT: undefined }, true)).toBe("pretty");
    expect(logFormatFor({ NODE_ENV: "development", LOG_FORMAT: undefined }, false)).toBe("json");
    expect(logFormatFor({ NODE_ENV: "production", LOG_FORMAT: undefined }, true)).toBe("json");
    expect(logFormatFor({ NODE_ENV: "production", LOG_FORMAT: "pretty" }, false)).toBe("pretty");
    expect(logFormatFor({ NODE_ENV: "development", LOG_FORMAT: "json" }, true)).toBe("json");
  });

  it("writes a pino line as one readable line", () => {
    let written = "";
    const stream = prettyLogStream(
      new Writable({ write: (chunk: Buffer, _encoding, done) => ((written += chunk.toString()), done()) }),
    );
    stream.write(
      `${JSON.stringify({ level: 30, time: Date.now(), pid: 1, hostname: "h", subject: "Confirm", msg: "mail to ada@example.com: http://localhost:3000/verify-email?token=abc" })}\n`,
    );
    expect(written).toMatch(
      /^\[\d\d:\d\d:\d\d] INFO: mail to ada@example.com: http:\/\/localhost:3000\/verify-email\?token=abc \{"subject":"Confirm"\}\n$/,
    );
  });
});
