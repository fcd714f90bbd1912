import { appSecrets, type Executor } from "@hyn/db";
import { eq } from "drizzle-orm";

/**
 * The secret kept under `name`, generated and stored on first use. Two instances starting at once both
 * insert; the first insert wins and both read its value, so every instance signs with the same key.
 */
export async function loadOrCreateSecret(executor: Executor, name: string, generate: () => string): Promise<string> {
  await executor.insert(appSecrets).values({ name, value: generate() }).onConflictDoNothing();
  const [row] = await executor.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  return row!.value;
}
