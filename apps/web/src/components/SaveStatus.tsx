import { useCallback, useEffect, useRef, useState } from "react";

/**
 * What became of the last save (PRODUCT "Screens": a switch that saves at once, or the profile's Save):
 * said in place, beside the control or in the Save bar, never as a toast that could cover buttons on a
 * phone. The region is always there, so screen readers hear each new message. "info": nothing was sent
 * ("No changes to save").
 */
export interface SaveNote {
  tone: "saved" | "failed" | "info";
  text: string;
}

/** How long "Saved" (or an info) stays; a failure stays until the next change. */
const SAVED_SHOWN_MS = 5000;

export function useSaveNote() {
  const [note, setNote] = useState<SaveNote | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const show = useCallback((next: SaveNote | null) => {
    window.clearTimeout(timer.current);
    setNote(next);
    if (next && next.tone !== "failed") timer.current = window.setTimeout(() => setNote(null), SAVED_SHOWN_MS);
  }, []);
  return [note, show] as const;
}

export function SaveStatus({ note, className = "" }: { note: SaveNote | null; className?: string }) {
  return (
    <p className={`save-status ${note ? `save-status-${note.tone}` : ""} ${className}`.trim()} role="status">
      {note && (
        <>
          {note.tone !== "info" && (
            <>
              <span aria-hidden="true" className="save-status-icon">
                {note.tone === "saved" ? "✓" : "!"}
              </span>{" "}
            </>
          )}
          {note.text}
        </>
      )}
    </p>
  );
}
