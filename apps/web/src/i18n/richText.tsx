import { Fragment, type ReactNode } from "react";

/** Marks where an element goes in a translated text; an invisible separator no translation contains. */
const MARK = "\u2063";

/**
 * A translated sentence with elements inside it ("We sent a link to <strong>{email}</strong>…"): the
 * translation places each placeholder where its language wants it, and the element is rendered there.
 * `format` is the `t` call with the values it is given: `richText((v) => t("auth.sentTo", v), { email: <strong>…</strong> })`.
 */
export function richText(
  format: (values: Record<string, string>) => string,
  elements: Record<string, ReactNode>,
): ReactNode[] {
  const values = Object.fromEntries(Object.keys(elements).map((name) => [name, `${MARK}${name}${MARK}`]));
  return format(values)
    .split(MARK)
    .map((part, index) =>
      index % 2 === 1 && part in elements ? <Fragment key={index}>{elements[part]}</Fragment> : part,
    );
}
