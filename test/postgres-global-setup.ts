import { dropTemplateDatabase, prepareTemplateDatabase } from "@hyn/db/testing";

export default async function setup() {
  await prepareTemplateDatabase();
  return async () => {
    await dropTemplateDatabase();
  };
}
