/** The query keys of both homes: every one starts with ['dashboard'], so a change elsewhere refreshes both. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  customer: () => [...dashboardKeys.all, 'customer'] as const,
  transporter: () => [...dashboardKeys.all, 'transporter'] as const,
};
