import { z } from 'zod';

/** A verified transporter as a customer sees it when choosing preferred partners. */
export const transporterSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: z.string().nullable(),
  preferred: z.boolean(),
});
export type Transporter = z.infer<typeof transporterSchema>;
export const transporterListResponse = z.array(transporterSchema);
export const transporterSearchQuery = z.object({
  q: z.string().trim().max(100, 'Search text must be at most 100 characters').default(''),
});

export const preferredPartnerSchema = z.object({
  transporterCompanyId: z.string(),
  name: z.string(),
  state: z.string().nullable(),
  addedAt: z.string(),
});
export type PreferredPartner = z.infer<typeof preferredPartnerSchema>;
export const preferredPartnerListResponse = z.array(preferredPartnerSchema);
export const addPreferredPartnerRequest = z.strictObject({
  transporterCompanyId: z.uuid({ error: 'Choose a transporter' }),
});
export const transporterIdParams = z.object({
  transporterCompanyId: z.uuid({ error: 'Transporter not found' }),
});
