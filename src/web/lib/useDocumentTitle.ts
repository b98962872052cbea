import { useEffect } from 'react';

export const APP_NAME = 'Hoops Exchange';

/** Sets the browser tab's title to "<title> · Hoops Exchange" (just the app's name without a title). */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
