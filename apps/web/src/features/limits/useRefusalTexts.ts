import { useEffect, useState } from "react";
import type * as RefusalTextsModule from "./refusal-texts";

type RefusalTexts = typeof RefusalTextsModule;

let loaded: RefusalTexts | undefined;
let loading: Promise<RefusalTexts> | undefined;

function loadRefusalTexts(): Promise<RefusalTexts> {
  loading ??= import("./refusal-texts").then(
    (module) => (loaded = module),
    (error: unknown) => {
      // Tried again the next time a limit is in the way (offline now, say).
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * The texts for a limit in the way, loaded when `needed` (a reached limit is rare, and the
 * dashboard's first download stays small): undefined until they are in, then the module.
 */
export function useRefusalTexts(needed: boolean): RefusalTexts | undefined {
  const [texts, setTexts] = useState(loaded);
  useEffect(() => {
    if (!needed || texts) return;
    let current = true;
    loadRefusalTexts().then(
      (module) => {
        if (current) setTexts(module);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [needed, texts]);
  return texts ?? loaded;
}
