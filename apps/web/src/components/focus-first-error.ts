/**
 * Where a refused submit sends the keyboard: the first field with an error, in the order the form lists
 * its fields' element ids (`fieldIds`' own key order). A fieldset's id (a group of checkboxes) focuses
 * its first input.
 */
export function focusFirstError<Field extends string>(
  fieldIds: Readonly<Record<Field, string>>,
  errors: Partial<Record<Field, unknown>>,
): void {
  const first = (Object.keys(fieldIds) as Field[]).find((field) => errors[field]);
  if (!first) return;
  const element = document.getElementById(fieldIds[first]);
  const target = element instanceof HTMLFieldSetElement ? element.querySelector("input") : element;
  target?.focus();
}
