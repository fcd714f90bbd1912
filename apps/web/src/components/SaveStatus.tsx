import { useCallback, useEffect, useRef, useState } from "react";

/**
 * What became of the last change of a field that saves at once (the profile's one save model, PRODUCT
 * "Screens"): said in place, under the control, never as a toast that could cover buttons on a phone.
 * The region is always there, so screen readers hear each new message.
 */
export interface SaveNote {
  tone: "saved" | "failed";
  text: string;
}

/** How long "Saved" stays; a failure stays until the next change. */
const SAVED_SHOWN_MS = 5000;

export function useSaveNote() {
  const [note, setNote] = useState<SaveNote | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const show = useCallback((next: SaveNote | null) => {
    window.clearTimeout(timer.current);
    setNote(next);
    if (next?.tone === "saved") timer.current = window.setTimeout(() => setNote(null), SAVED_SHOWN_MS);
  }, []);
  return [note, show] as const;
}

export function SaveStatus({ note, className = "" }: { note: SaveNote | null; className?: string }) {
  return (
    <p className={`save-status ${note ? `save-status-${note.tone}` : ""} ${className}`.trim()} role="status">
      {note && (
        <>
          <span aria-hidden="true" className="save-status-icon">
            {note.tone === "saved" ? "✓" : "!"}
          </span>{" "}
          {note.text}
        </>
      )}
    </p>
  );
}
