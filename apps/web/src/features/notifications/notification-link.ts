/**
 * Where a notification leads inside the app, or null. Only a path on this site is followed, so a
 * stored link can never send the user to another site.
 */
export function appPath(link: string | null | undefined): string | null {
  if (!link || !link.startsWith('/') || link.startsWith('//') || link.includes('\\')) return null;
  return link;
}
