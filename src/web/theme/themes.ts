import { SEA_THEME, TEAMS, type Theme } from '../../shared/teams';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage';
import { contrast, darkenUntil, lightenUntil, luminance, readableTextOn } from './colors';
import type { Mode } from './mode';

export type { Theme };

/** The themes on offer: SEA (the default) and the 30 teams, by code. */
export const THEMES: readonly Theme[] = [SEA_THEME, ...[...TEAMS].sort((a, b) => a.code.localeCompare(b.code))];
export const DEFAULT_THEME: Theme = SEA_THEME;

export function themeByCode(code: string | null | undefined): Theme | undefined {
  const wanted = code?.trim().toUpperCase();
  return THEMES.find((t) => t.code === wanted);
}

export function loadTheme(): Theme {
  return themeByCode(readStorage(STORAGE_KEYS.theme)) ?? DEFAULT_THEME;
}

export function saveTheme(theme: Theme): void {
  writeStorage(STORAGE_KEYS.theme, theme.code);
}

const PAGE_BACKGROUND = '#FFFFFF';
/** The lightest surface of dark mode (styles.css, --surface-2): links and buttons must read on it. */
export const DARK_SURFACE = '#1E252E';

/** A team colour that reads on the dark page: the brighter of the two, lightened until it reaches 4.5:1. */
function darkAccent(primary: string, secondary: string): string {
  const brighter = luminance(primary) >= luminance(secondary) ? primary : secondary;
  const other = brighter === primary ? secondary : primary;
  if (contrast(brighter, DARK_SURFACE) >= 4.5) return brighter;
  if (contrast(other, DARK_SURFACE) >= 4.5) return other;
  return lightenUntil(brighter, DARK_SURFACE, 4.5);
}

/** The CSS variables of a theme in a mode, including readable text colours chosen for contrast. */
export function themeVariables(theme: Theme, mode: Mode = 'light'): Record<string, string> {
  const { primaryColor: primary, secondaryColor: secondary } = theme;
  // The header is dark: the primary colour, unless it is a light one (e.g. silver), then the darker of the two.
  const darker = luminance(primary) <= luminance(secondary) ? primary : secondary;
  // White text on it must reach 4.5:1, so a mid-bright red is darkened a little.
  const header = darkenUntil(luminance(primary) <= 0.3 ? primary : darker, '#FFFFFF', 4.5);
  const stripe = luminance(primary) <= 0.3 ? secondary : primary;
  // Buttons and links on the light page: a team colour that reads on white (≥ 4.5:1).
  // A light primary (silver) gives way to the secondary; a nearly dark enough one is darkened a little.
  const accent =
    mode === 'dark'
      ? darkAccent(primary, secondary)
      : contrast(primary, PAGE_BACKGROUND) >= 4.5
        ? primary
        : luminance(primary) > 0.3 && contrast(secondary, PAGE_BACKGROUND) >= 4.5
          ? secondary
          : darkenUntil(primary, PAGE_BACKGROUND, 4.5);
  return {
    '--team-primary': primary,
    '--team-secondary': secondary,
    '--team-on-primary': readableTextOn(primary),
    '--team-on-secondary': readableTextOn(secondary),
    '--team-header': header,
    '--team-on-header': readableTextOn(header),
    '--team-stripe': stripe,
    '--team-accent': accent,
    '--team-on-accent': readableTextOn(accent),
  };
}

/**
 * Sets the theme's variables on :root, `data-theme` and `data-mode` (for styles and tests), the
 * page's colour scheme, and the browser's theme colour (the installed app's title bar).
 */
export function applyTheme(theme: Theme, mode: Mode): void {
  const root = document.documentElement;
  const variables = themeVariables(theme, mode);
  for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value);
  root.dataset.theme = theme.code;
  root.dataset.mode = mode;
  root.style.colorScheme = mode;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', variables['--team-header'] ?? theme.primaryColor);
}
