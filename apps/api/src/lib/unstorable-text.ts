import { AppError } from '../errors';

const MESSAGE = 'must not contain a NUL character';

/**
 * The first text under `value` that PostgreSQL cannot store, as a field path (`query.q`, `items.0.name`).
 * PostgreSQL's text types refuse the NUL character; every other code point JavaScript can hold is stored
 * (a lone surrogate is written as U+FFFD by the UTF-8 encoder).
 */
export function unstorableTextField(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return join(path, key.replaceAll('\u0000', '\\0'));
    const found = unstorableTextField(item, join(path, key), depth + 1);
    if (found) return found;
  }
  return null;
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

export function unstorableTextError(field: string): AppError {
  return new AppError('BAD_REQUEST', `${field} ${MESSAGE}`, {
    errors: [{ field, message: `Text ${MESSAGE}` }],
  });
}
