import { SignInButton } from './site-header';

/** The spec's state for a link that leads nowhere: malformed, unknown, revoked or expired. */
export function NotFound() {
  return (
    <section className="card not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Oops! Resource Not Found.</h1>
      <p className="muted">Check the link you were sent, or sign in to see your trips.</p>
      <SignInButton />
    </section>
  );
}

/** The first load failed for a reason worth another try (offline, too many requests, server trouble). */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <section className="card not-found" aria-labelledby="load-failed-title">
      <h1 id="load-failed-title">This page could not be loaded</h1>
      <p className="muted">Check your connection, then try again.</p>
      <button type="button" className="btn" onClick={onRetry}>
        Try again
      </button>
    </section>
  );
}
