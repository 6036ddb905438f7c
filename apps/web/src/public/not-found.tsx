import { useEffect, useState } from 'react';
import type { PublicKey } from '@freightlane/domain/i18n';
import type { FailureReason } from './public-api';
import { usePublicWords } from './public-text';
import { SignInButton } from './site-header';

/**
 * The spec's state for a link that leads nowhere: malformed, unknown, revoked or expired. Why, and what to
 * do, is the server's message in the toast right above it; saying it again here in other words read as a
 * second message.
 */
export function NotFound() {
  const { t } = usePublicWords();
  return (
    <section className="card not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{t('notFound.title')}</h1>
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

function waitText(seconds: number, t: ReturnType<typeof usePublicWords>['t']): string {
  if (seconds >= 120) return t('wait.minutes', { count: Math.ceil(seconds / 60) });
  return t('wait.seconds', { count: seconds });
}

const FAILURES: Record<FailureReason, { title: PublicKey; text: PublicKey }> = {
  offline: { title: 'failed.offline.title', text: 'failed.offline.text' },
  'rate-limited': { title: 'failed.rateLimited.title', text: 'failed.rateLimited.text' },
  server: { title: 'failed.server.title', text: 'failed.server.text' },
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
  const { t } = usePublicWords();
  const left = useCountdown(retryAfterSeconds);
  const title = t(FAILURES[reason].title);
  const text =
    reason !== 'rate-limited' || left === null
      ? t(FAILURES[reason].text)
      : left > 0
        ? t('failed.tryAgainIn', { wait: waitText(left, t) })
        : t('failed.canTryNow');
  return (
    <section className="card not-found" aria-labelledby="load-failed-title">
      <h1 id="load-failed-title">{title}</h1>
      <p className="muted">{text}</p>
      <button type="button" className="btn" onClick={onRetry}>
        {t('failed.tryAgain')}
      </button>
    </section>
  );
}
