import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** The argument names a message uses, and the plurals and selects of it that lack an `other` case. */
function argumentsOf(
  elements: MessageFormatElement[],
  names = new Set<string>(),
  withoutOther: string[] = [],
): { names: Set<string>; withoutOther: string[] } {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    names.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      if (!('other' in element.options)) withoutOther.push(element.value);
      for (const option of Object.values(element.options)) argumentsOf(option.value, names, withoutOther);
    }
    if (element.type === TYPE.tag) argumentsOf(element.children, names, withoutOther);
  }
  return { names, withoutOther };
}

const keysOf = (file: Readonly<Record<string, unknown>>) => Object.keys(file).filter((k) => k !== '_meta');

function parsed(text: string): ReturnType<typeof argumentsOf> | string {
  try {
    return argumentsOf(parse(text, { requiresOtherClause: false }));
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * What is wrong with one locale's catalog file against the English one: its `_meta` (the language, and
 * whether a native speaker has reviewed it), keys missing or extra, a message that does not parse, uses
 * other arguments than the English one, or has a plural or select without `other`. Empty when it is whole.
 * The catalogs' tests (the domain's and the web app's) fail on any of these, so no language ships a hole.
 */
export function catalogProblems(
  english: Readonly<Record<string, unknown>>,
  file: Readonly<Record<string, unknown>>,
  isEnglish: boolean,
): string[] {
  const problems: string[] = [];
  const meta = file._meta as { language?: unknown; reviewedByNativeSpeaker?: unknown } | undefined;
  if (
    !meta ||
    typeof meta.language !== 'string' ||
    typeof meta.reviewedByNativeSpeaker !== 'boolean' ||
    Object.keys(meta).length !== 2
  ) {
    problems.push('_meta must be { language, reviewedByNativeSpeaker }');
  } else if (isEnglish && meta.reviewedByNativeSpeaker !== true) {
    problems.push('the English source is reviewed by definition');
  }
  const own = new Set(keysOf(file));
  const source = keysOf(english);
  for (const key of source) if (!own.has(key)) problems.push(`${key}: missing`);
  for (const key of own) if (!(key in english)) problems.push(`${key}: not in English`);
  for (const key of source) {
    const text = file[key];
    if (!own.has(key)) continue;
    if (typeof text !== 'string') {
      problems.push(`${key}: not a text`);
      continue;
    }
    const mine = parsed(text);
    const theirs = parsed(String(english[key]));
    if (typeof mine === 'string') {
      problems.push(`${key}: ${mine}`);
      continue;
    }
    if (typeof theirs === 'string') continue;
    const a = [...mine.names].sort().join(',');
    const b = [...theirs.names].sort().join(',');
    if (a !== b) problems.push(`${key}: arguments {${a}} where English has {${b}}`);
    if (mine.withoutOther.length > 0)
      problems.push(`${key}: no "other" case for ${mine.withoutOther.join(', ')}`);
  }
  return problems;
}
