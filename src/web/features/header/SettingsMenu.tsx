import { useCallback, useId, useRef, useState } from 'react';
import { useDismiss } from '../../lib/useDismiss';
import { MODE_CHOICES, type ModeChoice } from '../../theme/mode';
import { useTheme } from '../../theme/ThemeProvider';

/**
 * The header's settings: the team-colour theme (30 team codes plus SEA) and light or dark mode,
 * remembered in this browser, in one panel behind one button.
 */
export function SettingsMenu() {
  const { theme, themes, setTheme, modeChoice, setModeChoice } = useTheme();
  const [open, setOpen] = useState(false);
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, box, button);

  return (
    <div
      className="settings"
      ref={box}
      onBlur={(e) => {
        // Tabbing out of the panel closes it (a click elsewhere is seen by useDismiss).
        if (open && e.relatedTarget && !e.currentTarget.contains(e.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="settings-button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen((o) => !o)}
        title="Theme and mode"
        data-testid="settings-button"
      >
        <GearIcon />
        <span className="sr-only">Settings</span>
      </button>
      {open ? (
        <div id={`${id}-panel`} className="settings-panel" role="group" aria-label="Settings">
          <div className="settings-field">
            <label htmlFor={`${id}-theme`}>Theme</label>
            <select id={`${id}-theme`} name="theme" value={theme.code} onChange={(e) => setTheme(e.target.value)} data-testid="theme-select">
              {themes.map((t) => (
                <option key={t.code} value={t.code}>
                  {t.code} · {t.name}
                </option>
              ))}
            </select>
          </div>
          <div className="settings-field">
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
      ) : null}
    </div>
  );
}

function GearIcon() {
  return (
    <svg className="settings-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M19.14 12.94a7.5 7.5 0 0 0 0-1.88l2.03-1.58a.5.5 0 0 0 .12-.64l-1.92-3.32a.5.5 0 0 0-.6-.22l-2.39.96a7.3 7.3 0 0 0-1.63-.94l-.36-2.54a.5.5 0 0 0-.5-.42h-3.84a.5.5 0 0 0-.5.42l-.36 2.54c-.59.24-1.13.56-1.63.94l-2.39-.96a.5.5 0 0 0-.6.22L2.65 8.84a.5.5 0 0 0 .12.64l2.03 1.58a7.5 7.5 0 0 0 0 1.88l-2.03 1.58a.5.5 0 0 0-.12.64l1.92 3.32c.13.22.39.31.6.22l2.39-.96c.5.38 1.04.7 1.63.94l.36 2.54c.04.24.25.42.5.42h3.84c.25 0 .46-.18.5-.42l.36-2.54c.59-.24 1.13-.56 1.63-.94l2.39.96c.22.09.47 0 .6-.22l1.92-3.32a.5.5 0 0 0-.12-.64l-2.03-1.58ZM12 15.5A3.5 3.5 0 1 1 12 8.5a3.5 3.5 0 0 1 0 7Z"
      />
    </svg>
  );
}
