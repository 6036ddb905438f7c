/** The query keys of containers' free time: every one starts with ['containers']. */
export const containerKeys = {
  all: ['containers'] as const,
  atRisk: (page: number) => [...containerKeys.all, 'at-risk', page] as const,
};
