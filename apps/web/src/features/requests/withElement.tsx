import { Fragment, type ReactNode } from "react";

/** What a translated sentence holds where its element goes ("{link} so neighbours know…"). */
export const ELEMENT = "\u2063el\u2063";

/**
 * A translated sentence with one element inside it (a link, a <time>): the sentence is translated
 * whole, with ELEMENT as the placeholder's value, and the element is put where that language has it.
 */
export function withElement(text: string, element: ReactNode): ReactNode {
  const parts = text.split(ELEMENT);
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 && element}
      {part}
    </Fragment>
  ));
}
