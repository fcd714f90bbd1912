import type { ReactNode } from "react";

/**
 * A group of choices (checkboxes, radios) under a legend, with its error as a field's: the fieldset's id is
 * the one a form focuses (its first input, `focus-first-error.ts`) and its error is tied to it.
 */
export function Fieldset({
  id,
  legend,
  error,
  className,
  children,
}: {
  id: string;
  legend: ReactNode;
  error?: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset
      id={id}
      className={[className, error && "field-invalid"].filter(Boolean).join(" ")}
      aria-describedby={errorId}
    >
      <legend>{legend}</legend>
      {children}
      {error && (
        <div id={errorId} className="field-error" role="alert">
          {error}
        </div>
      )}
    </fieldset>
  );
}
