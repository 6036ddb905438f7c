// The screens that speak the reader's language (issue 32): the driver's phone page, the public
// tracking and ongoing-trips pages, and every folder of the signed-in app that keeps a catalog. In them
// every text a person reads comes from a catalog, so a text written into the screen fails the lint
// instead of reaching a Pidgin reader in English.
import { readdirSync } from 'node:fs';
import freightlane from './rules/index.js';

const APP_SOURCE = 'apps/web/src';

/** The app's folders with a catalog of their own (src/<area>/catalog/en-NG.json): all their screens. */
const APP_AREAS = readdirSync(new URL(`../${APP_SOURCE}`, import.meta.url), { recursive: true })
  .map((path) => String(path).split('\\').join('/'))
  .filter((path) => path.endsWith('/catalog/en-NG.json'))
  .map((path) => `${APP_SOURCE}/${path.replace(/\/catalog\/en-NG\.json$/, '')}/**/*.tsx`);

/** The covered screens; a screen joins the list once it speaks every language. */
export const TRANSLATED_SCREENS = [
  'apps/web/src/public/driver-*.tsx',
  'apps/web/src/public/tracking-page.tsx',
  'apps/web/src/public/ongoing-trips-page.tsx',
  'apps/web/src/public/public-page.tsx',
  'apps/web/src/public/public-text.tsx',
  'apps/web/src/public/language-choice.tsx',
  'apps/web/src/public/trip-facts.tsx',
  'apps/web/src/public/site-header.tsx',
  'apps/web/src/public/not-found.tsx',
  'apps/web/src/public/live-indicator.tsx',
  'apps/web/src/public/toast.tsx',
  ...APP_AREAS,
];

export default [
  {
    files: TRANSLATED_SCREENS,
    // Tests name the texts they expect to read.
    ignores: ['**/*.test.tsx'],
    plugins: { freightlane },
    rules: { 'freightlane/no-hard-coded-text': ['error', { allow: [] }] },
  },
];
