/**
 * ADR 0018: what transports read about a procedure is stated on it. These tests hold the meta to
 * the router: every procedure says whether it is public (stamped by its builder), REST paths are
 * unique, and the sweep's anonymous check catches a procedure whose meta claims public while its
 * builder asks for a session.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { anonymousAnswerProblem, callProcedure } from "../src/authorization-table";
import { createContextInner } from "../src/context";
import { procedureCatalog } from "../src/procedure-catalog";
import { createCallerFactory, protectedProcedure, publicProcedure, router } from "../src/trpc";

/** Input field names that smell of a credential. */
const SECRET_LOOKING = /token|password|secret/i;

describe("procedure meta", () => {
  it("says public or not on every procedure, as its builder stamped it", () => {
    expect(
      procedureCatalog.filter((entry) => typeof entry.meta.public !== "boolean").map((entry) => entry.path),
    ).toEqual([]);
  });

  it("gives each REST method and path to one procedure only", () => {
    const routes = procedureCatalog.flatMap((entry) =>
      entry.meta.rest ? [`${entry.meta.rest.method} ${entry.meta.rest.path}`] : [],
    );
    expect(routes.length).toBeGreaterThan(0);
    expect(routes.filter((route, index) => routes.indexOf(route) !== index)).toEqual([]);
  });

  it("renames only path parameters the path has", () => {
    const wrong = procedureCatalog.flatMap((entry) => {
      const rest = entry.meta.rest;
      if (!rest?.renameParams) return [];
      return Object.keys(rest.renameParams)
        .filter((name) => !rest.path.includes(`:${name}`))
        .map((name) => `${entry.path}: ${name}`);
    });
    expect(wrong).toEqual([]);
  });

  it("lists every input field named like a token or a password as a secret input, so the log never shows it (issue 24)", () => {
    const fieldNames = (schema: unknown): string[] => {
      if (!schema || typeof schema !== "object") return [];
      const node = schema as { properties?: Record<string, unknown> };
      return [
        ...Object.keys(node.properties ?? {}),
        ...Object.values(schema).flatMap((child) => (typeof child === "object" ? fieldNames(child) : [])),
      ];
    };
    const unlisted = procedureCatalog.flatMap((entry) => {
      if (!entry.input) return [];
      const names = new Set(fieldNames(z.toJSONSchema(entry.input, { io: "input", unrepresentable: "any" })));
      return [...names]
        .filter((name) => SECRET_LOOKING.test(name) && !entry.meta.secretInputs?.includes(name))
        .map((name) => `${entry.path}: ${name}`);
    });
    expect(unlisted).toEqual([]);
    // The check reads what it should: the tokens of every kind of link are there.
    const listed = procedureCatalog.flatMap((entry) =>
      (entry.meta.secretInputs ?? []).map((name) => `${entry.path}: ${name}`),
    );
    expect(listed).toEqual(
      expect.arrayContaining([
        "auth.checkResetToken: token",
        "auth.verifyEmail: token_hash",
        "invitations.validate: token",
        "unsubscribe.describe: token",
        "calendar.feed: token",
      ]),
    );
  });

  it("lists as secret inputs only fields the procedure's input has", () => {
    const wrong = procedureCatalog.flatMap((entry) => {
      const shape = entry.input
        ? JSON.stringify(z.toJSONSchema(entry.input, { io: "input", unrepresentable: "any" }))
        : "";
      return (entry.meta.secretInputs ?? [])
        .filter((name) => !shape.includes(`"${name}"`))
        .map((name) => `${entry.path}: ${name}`);
    });
    expect(wrong).toEqual([]);
  });

  it("cannot claim public over a builder that asks for a session: the sweep's anonymous check says so", async () => {
    const drifted = router({
      claimsPublic: protectedProcedure
        .meta({ public: true })
        .input(z.object({}))
        .query(() => "secret"),
      honestPublic: publicProcedure.input(z.object({})).query(() => "hello"),
      honestProtected: protectedProcedure.input(z.object({})).query(() => "secret"),
    });
    const caller = createCallerFactory(drifted)(createContextInner({ services: {} as never, session: null }));
    const verdict = async (path: "claimsPublic" | "honestPublic" | "honestProtected") => {
      const meta = drifted[path].meta;
      return anonymousAnswerProblem(meta?.public === true, await callProcedure(caller, path, {}));
    };
    expect(await verdict("claimsPublic")).toBe("public in its meta, but answered UNAUTHORIZED");
    expect(await verdict("honestPublic")).toBeNull();
    expect(await verdict("honestProtected")).toBeNull();
  });
});
