import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage';

/** Light or dark as the page shows it. */
export type Mode = 'light' | 'dark';
/** What the fan chose: follow the system, or one mode always. */
export type ModeChoice = 'system' | Mode;

export const MODE_CHOICES: readonly { value: ModeChoice; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function loadModeChoice(): ModeChoice {
  const saved = readStorage(STORAGE_KEYS.mode);
  return saved === 'light' || saved === 'dark' ? saved : 'system';
}

export function saveModeChoice(choice: ModeChoice): void {
  writeStorage(STORAGE_KEYS.mode, choice === 'system' ? null : choice);
}

export function systemMode(): Mode {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

export function resolveMode(choice: ModeChoice): Mode {
  return choice === 'system' ? systemMode() : choice;
}

/** Calls `onChange` whenever the system switches between light and dark; returns the unsubscribe. */
export function watchSystemMode(onChange: (mode: Mode) => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(DARK_QUERY);
  const listener = () => onChange(query.matches ? 'dark' : 'light');
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}
