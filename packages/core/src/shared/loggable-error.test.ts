import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { describeError, loggableError, statementName } from "./loggable-error";

const HASH = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo";
const EMAIL = "someone.secret@example.com";

/** A unique violation as postgres.js reports it: the values on non-enumerable properties and in `detail`. */
function driverError() {
  const error = Object.assign(new Error(`duplicate key value violates unique constraint "users_email_unique"`), {
    code: "23505",
    constraint_name: "users_email_unique",
    detail: `Key (email)=(${EMAIL}) already exists.`,
  });
  Object.defineProperty(error, "parameters", { value: [EMAIL, HASH], enumerable: false });
  return error;
}

describe("an error as it may be logged", () => {
  it("keeps the statement's name, the message, the code and the constraint, and drops every value", () => {
    const error = new DrizzleQueryError(
      `insert into "users" ("email", "password_hash") values ($1, $2)`,
      [EMAIL, HASH],
      driverError(),
    );
    const safe = loggableError(error);
    const text = JSON.stringify(safe);
    expect(text).not.toContain(EMAIL);
    expect(text).not.toContain(HASH);
    expect(safe).toMatchObject({
      message: "Failed query: insert into users",
      statement: "insert into users",
      cause: {
        message: expect.stringContaining("users_email_unique"),
        code: "23505",
        constraint_name: "users_email_unique",
      },
    });
    expect(describeError(error)).toBe("Failed query: insert into users");
  });

  it("cuts a value out of a message that repeats it, whatever wraps the error", () => {
    const cause = Object.assign(new Error(`invalid input for "${EMAIL}"`), { params: [EMAIL] });
    const wrapper = new Error("call failed", { cause });
    expect(JSON.stringify(loggableError(wrapper))).not.toContain(EMAIL);
    expect(describeError("plain text")).toBe("plain text");
  });

  it("names statements by verb and table", () => {
    expect(statementName(`select "id" from "sessions" where "token_hash" = $1`)).toBe("select from sessions");
    expect(statementName(`update "email_outbox" set "sent_at" = $1`)).toBe("update email_outbox");
    expect(statementName(`delete from "email_outbox" where "sent_at" < $1`)).toBe("delete from email_outbox");
    expect(statementName("select 1")).toBe("select");
  });
});
