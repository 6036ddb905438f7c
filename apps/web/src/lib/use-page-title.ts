import { useEffect } from 'react';

export const APP_NAME = 'Freightlane';

export function pageTitle(page: string): string {
  return `${page} · ${APP_NAME}`;
}

/** Sets document.title to `<page> · Freightlane`. */
export function usePageTitle(page: string): void {
  useEffect(() => {
    document.title = pageTitle(page);
  }, [page]);
}
