import { useCallback, useSyncExternalStore } from 'react';

/** Where the header shows its navigation in full (styles.css folds it into the menu below this width). */
export const WIDE_SCREEN = '(min-width: 1000px)';

/** Whether a CSS media query matches now, following it as the window changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
