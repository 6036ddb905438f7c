/** The query keys of containers' free time: every one starts with ['free-time']. */
export const freeTimeKeys = {
  all: ['free-time'] as const,
  atRisk: (page: number) => [...freeTimeKeys.all, 'at-risk', page] as const,
};
