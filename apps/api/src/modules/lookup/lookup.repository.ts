import type { Liner, Terminal } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import { shippingLines, terminals } from '../../db/schema';

/**
 * The lists are short reference data, sorted here rather than in SQL so the order is the same
 * natural one ("Hapag-Lloyd" before "HMM") whatever collation the database was created with.
 */
const byText = new Intl.Collator('en', { sensitivity: 'base', numeric: true }).compare;

/** Grouped the way the wizard shows them: by state, then port, then name. */
export async function listTerminals(db: Executor): Promise<Terminal[]> {
  const rows = await db.select().from(terminals);
  return rows.sort(
    (a, b) =>
      byText(a.state, b.state) || byText(a.port, b.port) || byText(a.name, b.name) || byText(a.code, b.code),
  );
}

export async function listLiners(db: Executor): Promise<Liner[]> {
  const rows = await db
    .select({ id: shippingLines.id, code: shippingLines.code, name: shippingLines.name })
    .from(shippingLines);
  return rows.sort((a, b) => byText(a.name, b.name) || byText(a.code, b.code));
}
