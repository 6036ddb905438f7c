import { z } from 'zod';
import { addressSchema } from './profile';

export const TERMINAL_KINDS = ['PORT_TERMINAL', 'HOLDING_BAY', 'INLAND_DEPOT'] as const;
export type TerminalKind = (typeof TERMINAL_KINDS)[number];
export const TERMINAL_KIND_LABELS: Record<TerminalKind, string> = {
  PORT_TERMINAL: 'Port terminal',
  HOLDING_BAY: 'Holding bay',
  INLAND_DEPOT: 'Inland depot',
};

export const terminalSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  operator: z.string(),
  kind: z.enum(TERMINAL_KINDS),
  port: z.string(),
  city: z.string(),
  lga: z.string(),
  state: z.string(),
});
export type Terminal = z.infer<typeof terminalSchema>;
export const terminalListResponse = z.array(terminalSchema);

export const linerSchema = z.object({ id: z.string(), code: z.string(), name: z.string() });
export type Liner = z.infer<typeof linerSchema>;
export const linerListResponse = z.array(linerSchema);

/** A pickup or delivery place as the customer enters it: a seeded terminal or a street address. */
export const locationInput = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('TERMINAL'), terminalId: z.uuid({ error: 'Choose a terminal' }) }),
    z.strictObject({ kind: z.literal('ADDRESS'), address: addressSchema }),
  ],
  { error: 'Choose a terminal or enter an address' },
);
export type LocationInput = z.infer<typeof locationInput>;

/** The spec's Location: a terminal (operator and city) or an address. Exactly one is set. */
export const locationView = z.object({
  terminal: terminalSchema.nullable(),
  address: addressSchema.nullable(),
});
export type LocationView = z.infer<typeof locationView>;
