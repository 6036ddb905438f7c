/**
 * Leaves the app for the payment provider's checkout page. Kept apart, and called through this object,
 * so the page's tests can watch the hand-over instead of navigating jsdom away.
 */
export const checkoutRedirect = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

export function goToCheckout(url: string): void {
  checkoutRedirect.assign(url);
}
