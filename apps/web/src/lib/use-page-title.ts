import { useLayoutEffect } from 'react';

export const APP_NAME = 'Freightlane';

export function pageTitle(page: string): string {
  return `${page} · ${APP_NAME}`;
}

/**
 * Sets document.title to `<page> · Freightlane`. A layout effect, so the tab's title changes in the
 * same task as the page's content: nothing (a reader, a screen reader, a test) ever sees the new page
 * under the old title.
 */
export function usePageTitle(page: string): void {
  useLayoutEffect(() => {
    document.title = pageTitle(page);
  }, [page]);
}
