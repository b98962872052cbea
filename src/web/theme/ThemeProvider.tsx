import { createContext, useCallback, useContext, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { applyTheme, loadTheme, saveTheme, themeByCode, THEMES, type Theme } from './themes';

interface ThemeState {
  theme: Theme;
  themes: readonly Theme[];
  /** Switches to the theme with this code and remembers it in this browser. */
  setTheme(code: string): void;
}

const ThemeContext = createContext<ThemeState | null>(null);

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<Theme>(loadTheme);

  useLayoutEffect(() => {
    applyTheme(theme);
  }, [theme]);

  const setTheme = useCallback((code: string) => {
    const next = themeByCode(code);
    if (!next) return;
    saveTheme(next);
    setThemeState(next);
  }, []);

  const value = useMemo(() => ({ theme, themes: THEMES, setTheme }), [theme, setTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeState {
  const state = useContext(ThemeContext);
  if (!state) throw new Error('useTheme() must be used inside <ThemeProvider>');
  return state;
}
