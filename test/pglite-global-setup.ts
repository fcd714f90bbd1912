import { preparePgliteSnapshot, removePgliteSnapshot } from "@hyn/db/testing";

/** Migrates once per run; every test file restores its databases from the file this writes. */
export default async function setup() {
  await preparePgliteSnapshot();
  return async () => {
    await removePgliteSnapshot();
  };
}
