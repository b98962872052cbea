import { useId } from 'react';
import { MODE_CHOICES, type ModeChoice } from '../theme/mode';
import { useTheme } from '../theme/ThemeProvider';

/** The team-colour theme (30 team codes plus SEA) and light or dark mode, remembered in this browser. */
export function ThemeSelect() {
  const { theme, themes, setTheme, modeChoice, setModeChoice } = useTheme();
  const id = useId();
  return (
    <div className="theme-controls">
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
      <div className="theme-select">
        <label htmlFor={`${id}-mode`}>Mode</label>
        <select id={`${id}-mode`} name="mode" value={modeChoice} onChange={(e) => setModeChoice(e.target.value as ModeChoice)} data-testid="mode-select">
          {MODE_CHOICES.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
