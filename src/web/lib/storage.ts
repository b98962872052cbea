/**
 * Safe access to localStorage: private windows, full quotas and disabled storage must not break the app.
 * Everything the game keeps in the browser lives under these keys (docs/rules.md §10 Limits and constants: user, token and team theme;
 * beside the theme, light or dark mode, and whether the install hint was dismissed).
 */
export const STORAGE_KEYS = {
  token: 'hoops.token',
  user: 'hoops.user',
  theme: 'hoops.theme',
  mode: 'hoops.mode',
  installHintDismissed: 'hoops.installHintDismissed',
} as const;

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the value lasts for this page view only.
  }
}
