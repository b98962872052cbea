import { SEA_THEME, TEAMS, type Theme } from '../../shared/teams';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage';
import { contrast, darkenUntil, luminance, readableTextOn } from './colors';

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

/** The CSS variables of a theme, including readable text colours chosen for contrast. */
export function themeVariables(theme: Theme): Record<string, string> {
  const { primaryColor: primary, secondaryColor: secondary } = theme;
  // The header is dark: the primary colour, unless it is a light one (e.g. silver), then the darker of the two.
  const darker = luminance(primary) <= luminance(secondary) ? primary : secondary;
  // White text on it must reach 4.5:1, so a mid-bright red is darkened a little.
  const header = darkenUntil(luminance(primary) <= 0.3 ? primary : darker, '#FFFFFF', 4.5);
  const stripe = luminance(primary) <= 0.3 ? secondary : primary;
  // Buttons and links on the light page: a team colour that reads on white (≥ 4.5:1).
  // A light primary (silver) gives way to the secondary; a nearly dark enough one is darkened a little.
  const accent =
    contrast(primary, PAGE_BACKGROUND) >= 4.5
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

/** Sets the theme's variables on :root (and `data-theme` for styles and tests). */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  for (const [name, value] of Object.entries(themeVariables(theme))) root.style.setProperty(name, value);
  root.dataset.theme = theme.code;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', themeVariables(theme)['--team-header'] ?? theme.primaryColor);
}
