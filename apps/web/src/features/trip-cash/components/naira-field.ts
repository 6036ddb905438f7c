import { MAX_ROAD_MONEY_KOBO, nairaToKobo } from '@freightlane/domain';
import { z } from 'zod';

/**
 * An amount typed in naira ("50,000" or "50000.50") read into kobo. `zeroAllowed` for a settlement that
 * pays nothing now; every other amount is more than zero.
 */
export function nairaField(messages: { missing: string; unreadable: string }, zeroAllowed = false) {
  return z
    .string()
    .trim()
    .min(1, messages.missing)
    .transform((text, ctx) => {
      const kobo = nairaToKobo(text);
      if (kobo === null || kobo > MAX_ROAD_MONEY_KOBO || (kobo === 0 && !zeroAllowed)) {
        ctx.addIssue({ code: 'custom', message: messages.unreadable });
        return z.NEVER;
      }
      return kobo;
    });
}
