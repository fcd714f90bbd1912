import { useEffect, useRef, type ReactNode } from "react";
import { Card } from "../../components/ui";
import "./account.css";

type Tone = "success" | "error" | "info";

const ICONS: Record<Tone, string> = { success: "✓", error: "!", info: "✉" };

/**
 * A one-message screen (sent, done, invalid link). When it replaces a form, `takeFocus` moves focus
 * to its heading so keyboard and screen-reader users land on the news, not on a vanished button.
 */
export function StatusView({
  tone,
  title,
  icon = ICONS[tone],
  takeFocus = false,
  children,
}: {
  tone: Tone;
  title: string;
  icon?: string;
  takeFocus?: boolean;
  children: ReactNode;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocus) headingRef.current?.focus();
  }, [takeFocus]);
  return (
    <div className="page page-narrow">
      <Card className="status-view">
        <div className={`status-icon status-icon-${tone}`} aria-hidden="true">
          {icon}
        </div>
        <h1 tabIndex={-1} ref={headingRef}>
          {title}
        </h1>
        {children}
      </Card>
    </div>
  );
}
