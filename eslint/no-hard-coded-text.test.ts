// The rule against text written into a translated screen: unit cases on the rule itself, then the
// project's lint config, which holds it for the covered screens and for no other file.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import noHardCodedText from './rules/no-hard-coded-text.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: {
    parser: tseslint.parser,
    parserOptions: { ecmaFeatures: { jsx: true } },
  },
});

const screen = (
  jsx: string,
) => `export function Probe({ t, open }: { t: (key: string) => string; open: boolean }) {
  return ${jsx};
}`;

tester.run('no-hard-coded-text', noHardCodedText, {
  valid: [
    { code: screen(`<h1>{t('tracking.details')}</h1>`) },
    { code: screen(`<button aria-label={t('toast.dismiss')} title={open ? t('a') : t('b')} />`) },
    // The brand, punctuation and numbers are no language.
    { code: screen(`<span className="logo-name">Freightlane</span>`) },
    { code: screen(`<p>· {t('x')} (2) — 24/7 ₦ …</p>`) },
    { code: screen(`<input placeholder="0803 000 0000" />`) },
    // Props nobody reads, and strings that are only tested.
    { code: screen(`<div className="card facts" id="details" data-state="open" lang="yo" />`) },
    { code: screen(`<p>{open === 'live' ? t('live') : ''}</p>`) },
    // An allowed word.
    { code: screen(`<abbr>LGA</abbr>`), options: [{ allow: ['LGA'] }] },
  ],
  invalid: [
    { code: screen(`<h1>Shipment Details</h1>`), errors: [{ messageId: 'text' }] },
    { code: screen(`<p>Last seen in {t('place')}</p>`), errors: [{ messageId: 'text' }] },
    { code: screen(`<button aria-label="Dismiss" />`), errors: [{ messageId: 'prop' }] },
    { code: screen(`<img alt="Truck" />`), errors: [{ messageId: 'prop' }] },
    { code: screen(`<input placeholder={'Phone number'} />`), errors: [{ messageId: 'prop' }] },
    { code: screen(`<Title title={\`Trip \${open}\`} />`), errors: [{ messageId: 'prop' }] },
    {
      code: screen(`<span>{open ? 'Live' : 'Reconnecting…'}</span>`),
      errors: [{ messageId: 'text' }, { messageId: 'text' }],
    },
    { code: screen(`<Text>{'Sign In'}</Text>`), errors: [{ messageId: 'text' }] },
    { code: screen(`<Text children="Sign In" />`), errors: [{ messageId: 'prop' }] },
    { code: screen(`<section aria-label={open && 'When and where'} />`), errors: [{ messageId: 'prop' }] },
    // Yoruba is a language too.
    { code: screen(`<p>Ẹ kú àbọ̀</p>`), errors: [{ messageId: 'text' }] },
    // An allowed word does not cover the words around it.
    { code: screen(`<p>Freightlane tracking</p>`), errors: [{ messageId: 'text' }] },
  ],
});

const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function lint(relativePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, relativePath) });
  return result!.messages.filter((m) => m.ruleId === 'freightlane/no-hard-coded-text').map((m) => m.line);
}

const hardCoded = `export function Probe() {
  return <h1>Shipment Details</h1>;
}
`;
const translated = `import { usePublicWords } from './public-text';

export function Probe() {
  const { t } = usePublicWords();
  return <h1>{t('tracking.details')}</h1>;
}
`;

describe('the covered screens', () => {
  it.each([
    'apps/web/src/public/tracking-page.tsx',
    'apps/web/src/public/ongoing-trips-page.tsx',
    'apps/web/src/public/driver-page.tsx',
    'apps/web/src/public/not-found.tsx',
    // A folder of the signed-in app with a catalog of its own is covered, found by its catalog.
    'apps/web/src/features/trips/routes/trips-page.tsx',
    'apps/web/src/components/page-header.tsx',
  ])('fail %s on a hard-coded text and pass it translated', async (file) => {
    expect(await lint(file, hardCoded)).toEqual([2]);
    expect(await lint(file, translated)).toEqual([]);
  });

  it('leaves the screens that stay English (the back office, decision 030), and the tests, alone', async () => {
    expect(await lint('apps/web/src/features/admin/users/routes/admin-users-page.tsx', hardCoded)).toEqual(
      [],
    );
    expect(await lint('apps/web/src/features/trips/routes/trips-page.test.tsx', hardCoded)).toEqual([]);
    expect(await lint('apps/web/src/public/tracking-page.test.tsx', hardCoded)).toEqual([]);
  });

  it('holds for the covered screens as they are', async () => {
    const results = await eslint.lintFiles(['apps/web/src/public/*.tsx']);
    const found = results.flatMap((r) =>
      r.messages
        .filter((m) => m.ruleId === 'freightlane/no-hard-coded-text')
        .map((m) => `${path.relative(root, r.filePath)}:${m.line} ${m.message}`),
    );
    expect(found).toEqual([]);
  });
});
