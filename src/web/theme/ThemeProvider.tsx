import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { loadModeChoice, saveModeChoice, systemMode, watchSystemMode, type Mode, type ModeChoice } from './mode';
import { applyTheme, loadTheme, saveTheme, themeByCode, THEMES, type Theme } from './themes';

interface ThemeState {
  theme: Theme;
  themes: readonly Theme[];
  /** Switches to the theme with this code and remembers it in this browser. */
  setTheme(code: string): void;
  /** Light or dark as shown now. */
  mode: Mode;
  /** What the fan chose (the system's preference unless they picked one). */
  modeChoice: ModeChoice;
  /** Switches light/dark (or back to the system's) and remembers it in this browser. */
  setModeChoice(choice: ModeChoice): void;
}

const ThemeContext = createContext<ThemeState | null>(null);

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<Theme>(loadTheme);
  const [modeChoice, setModeChoiceState] = useState<ModeChoice>(loadModeChoice);
  const [system, setSystem] = useState<Mode>(systemMode);
  const mode: Mode = modeChoice === 'system' ? system : modeChoice;

  useLayoutEffect(() => {
    applyTheme(theme, mode);
  }, [theme, mode]);

  useEffect(() => watchSystemMode(setSystem), []);

  const setTheme = useCallback((code: string) => {
    const next = themeByCode(code);
    if (!next) return;
    saveTheme(next);
    setThemeState(next);
  }, []);

  const setModeChoice = useCallback((choice: ModeChoice) => {
    saveModeChoice(choice);
    setModeChoiceState(choice);
  }, []);

  const value = useMemo(() => ({ theme, themes: THEMES, setTheme, mode, modeChoice, setModeChoice }), [theme, setTheme, mode, modeChoice, setModeChoice]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeState {
  const state = useContext(ThemeContext);
  if (!state) throw new Error('useTheme() must be used inside <ThemeProvider>');
  return state;
}
