/** The query keys of the lookups: every one starts with ['lookups']. */
export const lookupKeys = {
  all: ['lookups'] as const,
  terminals: () => [...lookupKeys.all, 'terminals'] as const,
  liners: () => [...lookupKeys.all, 'liners'] as const,
};
