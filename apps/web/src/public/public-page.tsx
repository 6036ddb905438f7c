import { publicMessageText } from '@freightlane/domain/public-tracking';
import { useLayoutEffect, type ReactNode } from 'react';
import { LoadFailed, NotFound } from './not-found';
import { PublicLanguageChoice, usePublicWords } from './public-text';
import { SiteHeader } from './site-header';
import { Toast } from './toast';
import type { PublicDocument } from './use-public-document';

/**
 * What both public pages share around their content: 'Loading...' alone until the first copy arrives,
 * then the header, the toast with the server's message and the content (or the not-found or failed state).
 * The toast sits at the top of the page, right above the state it explains, so the two read as one
 * message. `title` names the page in the browser tab; while it is null the tab keeps what it had.
 */
export function PublicPage<T>({
  publicDocument: { state, toast, dismissToast, retry },
  title,
  signIn,
  wide = false,
  children,
}: {
  publicDocument: PublicDocument<T>;
  title: string | null;
  /** Whether the header offers Sign In (a page may offer it elsewhere). */
  signIn: boolean;
  /** Wide pages hold tables. */
  wide?: boolean;
  children: (data: T) => ReactNode;
}) {
  const words = usePublicWords();
  const tabTitle = state.kind === 'not-found' ? words.t('notFound.tab') : title;
  // A layout effect, so the tab's title changes in the same task as the page's content.
  useLayoutEffect(() => {
    if (tabTitle) document.title = `${tabTitle} · Freightlane`;
  }, [tabTitle]);

  if (state.kind === 'loading') return <p className="loading">{words.t('page.loading')}</p>;
  // The server's message in the reader's words where the page knows it, as the server wrote it otherwise.
  const shown = toast && { ...toast, message: publicMessageText(toast.message, words) };
  return (
    <>
      <SiteHeader signIn={signIn} wide={wide} />
      <main className={wide ? 'page page-wide' : 'page'}>
        <PublicLanguageChoice />
        <Toast toast={shown} onDismiss={dismissToast} />
        {state.kind === 'ready' ? (
          children(state.data)
        ) : state.kind === 'failed' ? (
          <LoadFailed reason={state.reason} retryAfterSeconds={state.retryAfterSeconds} onRetry={retry} />
        ) : (
          <NotFound />
        )}
      </main>
    </>
  );
}
