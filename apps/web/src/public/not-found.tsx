import { useEffect, useState } from 'react';
import type { FailureReason } from './public-api';
import { SignInButton } from './site-header';

/**
 * The spec's state for a link that leads nowhere: malformed, unknown, revoked or expired. Why, and what to
 * do, is the server's message in the toast right above it; saying it again here in other words read as a
 * second message.
 */
export function NotFound() {
  return (
    <section className="card not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Oops! Resource Not Found.</h1>
      <SignInButton />
    </section>
  );
}

/** Seconds left until `seconds` from now, ticking down to 0 once a second. */
function useCountdown(seconds: number | null): number | null {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    setLeft(seconds);
    if (!seconds) return;
    const until = Date.now() + seconds * 1000;
    const timer = setInterval(() => {
      const remaining = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds]);
  return left;
}

function waitText(seconds: number): string {
  if (seconds >= 120) return `${Math.ceil(seconds / 60)} minutes`;
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

const FAILURES: Record<FailureReason, { title: string; text: string }> = {
  offline: { title: 'This page could not be loaded', text: 'Check your connection, then try again.' },
  'rate-limited': { title: 'Too many requests', text: 'Wait a moment, then try again.' },
  server: {
    title: 'This page could not be loaded',
    text: 'Something went wrong on our side. Try again in a moment.',
  },
};

/**
 * The first load failed for a reason worth another try; the page says which (offline, too many
 * requests, server trouble) and, when the server said how long to wait, counts that down.
 */
export function LoadFailed({
  reason,
  retryAfterSeconds,
  onRetry,
}: {
  reason: FailureReason;
  retryAfterSeconds: number | null;
  onRetry: () => void;
}) {
  const left = useCountdown(retryAfterSeconds);
  const { title } = FAILURES[reason];
  const text =
    reason !== 'rate-limited' || left === null
      ? FAILURES[reason].text
      : left > 0
        ? `Try again in ${waitText(left)}.`
        : 'You can try again now.';
  return (
    <section className="card not-found" aria-labelledby="load-failed-title">
      <h1 id="load-failed-title">{title}</h1>
      <p className="muted">{text}</p>
      <button type="button" className="btn" onClick={onRetry}>
        Try again
      </button>
    </section>
  );
}
