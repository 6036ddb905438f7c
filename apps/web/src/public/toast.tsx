import { useEffect } from 'react';

export interface ToastMessage {
  id: number;
  message: string;
  /** Offered on failures worth another try; such a toast stays until it is used or dismissed. */
  retry?: () => void;
}

/** How long an error toast without an action stays on screen. */
export const TOAST_HIDE_MS = 6_000;

/** The server's message as an error toast, announced at once (role="alert"). */
export function Toast({ toast, onDismiss }: { toast: ToastMessage | null; onDismiss: () => void }) {
  useEffect(() => {
    if (!toast || toast.retry) return;
    const timer = setTimeout(onDismiss, TOAST_HIDE_MS);
    return () => clearTimeout(timer);
  }, [toast, onDismiss]);

  return (
    <div className="toast-region">
      {toast ? (
        <div className="toast" role="alert" key={toast.id}>
          <svg className="toast-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <circle cx="12" cy="12" r="10" fill="currentColor" />
            <path d="M12 7v6M12 16.5v.5" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
          <p className="toast-message">{toast.message}</p>
          {toast.retry ? (
            <button type="button" className="btn btn-small" onClick={toast.retry}>
              Try again
            </button>
          ) : null}
          <button type="button" className="toast-close" aria-label="Dismiss" onClick={onDismiss}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      ) : null}
    </div>
  );
}
