import { useState } from "react";
import "./theme.css";

export type Theme = "light" | "dark" | "system";

/** Set by public/theme.js, which applies the choice before the first paint. */
declare global {
  interface Window {
    hynTheme?: { get(): Theme; set(choice: Theme): void };
  }
}

const THEMES: { value: Theme; label: string }[] = [
  { value: "system", label: "System" },
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
];

/** The footer's Light / Dark / System picker: kept on this device, not on the account. */
export function ThemeChoice() {
  const [theme, setTheme] = useState<Theme>(() => window.hynTheme?.get() ?? "system");
  if (!window.hynTheme) return null;
  return (
    <div className="theme-choice">
      <label htmlFor="theme-choice">Theme</label>
      <select
        id="theme-choice"
        value={theme}
        onChange={(event) => {
          const choice = event.target.value as Theme;
          window.hynTheme?.set(choice);
          setTheme(choice);
        }}
      >
        {THEMES.map((t) => (
          <option key={t.value} value={t.value}>
            {t.label}
          </option>
        ))}
      </select>
    </div>
  );
}
