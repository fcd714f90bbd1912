import { TRPCError } from "@trpc/server";
import { publicMessage } from "../../src/errors";

/** Awaits a call that must fail; returns the tRPC code and the message a client would see. */
export async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TRPCError) return { code: error.code, message: publicMessage(error) };
    throw error;
  }
  throw new Error("expected the call to fail, but it succeeded");
}
