/** The query keys of return loads: every one starts with ['return-loads'], so a new radius refreshes them all. */
export const returnLoadKeys = {
  all: ['return-loads'] as const,
  /** Zero-based, as in the API's envelope. */
  page: (page: number) => [...returnLoadKeys.all, 'page', page] as const,
  settings: () => [...returnLoadKeys.all, 'settings'] as const,
  trip: (tripId: string) => [...returnLoadKeys.all, 'trip', tripId] as const,
};
