import { useId } from 'react';
import { useTheme } from '../theme/ThemeProvider';

/** The team-colour theme: 30 team codes plus SEA, remembered in this browser. */
export function ThemeSelect() {
  const { theme, themes, setTheme } = useTheme();
  const id = useId();
  return (
    <div className="theme-select">
      <label htmlFor={id}>Theme</label>
      <select id={id} name="theme" value={theme.code} onChange={(e) => setTheme(e.target.value)} data-testid="theme-select">
        {themes.map((t) => (
          <option key={t.code} value={t.code}>
            {t.code} · {t.name}
          </option>
        ))}
      </select>
    </div>
  );
}
