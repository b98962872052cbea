import type { Location } from 'react-router';

/** Where to go after logging in: back to the page that asked for it, else the portfolio. */
export function afterLoginPath(location: Location, fallback = '/portfolio'): string {
  const state: unknown = location.state;
  if (typeof state === 'object' && state !== null && 'from' in state) {
    const from = (state as { from: unknown }).from;
    // Only paths inside the app (never "//elsewhere").
    if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login')) return from;
  }
  return fallback;
}
