import { useState } from "react";
import { useT } from "../../i18n/useT";

export type Theme = "light" | "dark" | "system";

/** Set by public/theme.js, which applies the choice before the first paint. */
declare global {
  interface Window {
    hynTheme?: { get(): Theme; set(choice: Theme): void };
  }
}

const THEMES = [
  { value: "system", label: "common.themeSystem" },
  { value: "light", label: "common.themeLight" },
  { value: "dark", label: "common.themeDark" },
] as const satisfies ReadonlyArray<{ value: Theme; label: string }>;

/** The footer's Light / Dark / System picker: kept on this device, not on the account. */
export function ThemeChoice() {
  const t = useT();
  const [theme, setTheme] = useState<Theme>(() => window.hynTheme?.get() ?? "system");
  if (!window.hynTheme) return null;
  return (
    <div className="theme-choice">
      <label htmlFor="theme-choice">{t("common.theme")}</label>
      <select
        id="theme-choice"
        value={theme}
        onChange={(event) => {
          const choice = event.target.value as Theme;
          window.hynTheme?.set(choice);
          setTheme(choice);
        }}
      >
        {THEMES.map((option) => (
          <option key={option.value} value={option.value}>
            {t(option.label)}
          </option>
        ))}
      </select>
    </div>
  );
}
