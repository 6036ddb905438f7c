/** The query key of the signed-in person (GET /user/me), which the company's changes also update. */
export const profileKeys = {
  me: ['me'] as const,
};
