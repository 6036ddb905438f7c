import { usePublicWords } from './public-text';

export interface ToastMessage {
  id: number;
  message: string;
}

/**
 * The server's message as an error toast, announced at once (role="alert"). It says why the page shows
 * what it shows (not found, too many requests), so it stays until it is dismissed or the page loads again:
 * one that went away by itself would leave the page without its reason. Another try is the page's own
 * button, right under it, not a second one here.
 */
export function Toast({ toast, onDismiss }: { toast: ToastMessage | null; onDismiss: () => void }) {
  const { t } = usePublicWords();
  return (
    <div className="toast-region">
      {toast ? (
        <div className="toast" role="alert" key={toast.id}>
          <svg className="toast-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <circle cx="12" cy="12" r="10" fill="currentColor" />
            <path d="M12 7v6M12 16.5v.5" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
          <p className="toast-message">{toast.message}</p>
          <button type="button" className="toast-close" aria-label={t('toast.dismiss')} onClick={onDismiss}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      ) : null}
    </div>
  );
}
