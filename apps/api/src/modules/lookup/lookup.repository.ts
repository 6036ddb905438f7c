import { eq } from 'drizzle-orm';
import type { Liner, Terminal } from '@freightlane/domain';
import type { Executor } from '../../db/client';
import { shippingLines, terminals } from '../../db/schema';

/**
 * The lists are short reference data, sorted here rather than in SQL so the order is the same
 * natural one ("Hapag-Lloyd" before "HMM") whatever collation the database was created with.
 */
const byText = new Intl.Collator('en', { sensitivity: 'base', numeric: true }).compare;

/**
 * Grouped the way the wizard shows them: by state, then port, then name. Only those offered for new
 * orders: a retired terminal stays on the orders and trips that name it, which do not read this list.
 */
export async function listTerminals(db: Executor): Promise<Terminal[]> {
  const rows = await db.select().from(terminals).where(eq(terminals.active, true));
  return rows.sort(
    (a, b) =>
      byText(a.state, b.state) || byText(a.port, b.port) || byText(a.name, b.name) || byText(a.code, b.code),
  );
}

/** The lines offered for new orders; a retired line stays on the orders and trips that name it. */
export async function listLiners(db: Executor): Promise<Liner[]> {
  const rows = await db
    .select({ id: shippingLines.id, code: shippingLines.code, name: shippingLines.name })
    .from(shippingLines)
    .where(eq(shippingLines.active, true));
  return rows.sort((a, b) => byText(a.name, b.name) || byText(a.code, b.code));
}
