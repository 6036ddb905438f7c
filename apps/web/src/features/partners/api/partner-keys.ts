/** The query keys of preferred partners and the transporter search that adds them. */
export const partnerKeys = {
  preferred: ['preferred-partners'] as const,
  transporters: ['transporters'] as const,
  transporterSearch: (text: string) => [...partnerKeys.transporters, text] as const,
};
