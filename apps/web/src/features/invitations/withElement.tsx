import type { ReactNode } from "react";

/** Stands for the element in a translated sentence; no message or name contains it. */
const SLOT = "\u2063";

/**
 * A translated sentence with an element inside ("Invited by <strong>Ana</strong>"): the message is
 * written with `SLOT` as the element's placeholder value, so each language puts it where its word
 * order wants, and the element is rendered there.
 */
export function withElement(text: (slot: string) => string, element: ReactNode): ReactNode {
  const [before = "", after = ""] = text(SLOT).split(SLOT);
  return (
    <>
      {before}
      {element}
      {after}
    </>
  );
}
