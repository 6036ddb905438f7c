import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { ApiError } from '../lib/api';
import { notifyError } from '../lib/notify';
import { UnverifiedAccountDialog } from './unverified-account-dialog';

type ShowActionError = (error: unknown) => void;

const ActionErrorContext = createContext<ShowActionError | null>(null);

/** True when the server refused because the caller's company is not verified yet. */
export function isUnverifiedError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === 'COMPANY_NOT_VERIFIED';
}

/**
 * One place answers a failed business action: the spec's unverified-account dialog when the
 * company is not verified yet, otherwise a toast with the server's message.
 */
export function ActionErrorProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<string | null>(null);
  const show = useCallback<ShowActionError>((error) => {
    if (isUnverifiedError(error)) setMessage(error.message);
    else notifyError(error);
  }, []);
  return (
    <ActionErrorContext.Provider value={show}>
      {children}
      <UnverifiedAccountDialog
        opened={message !== null}
        message={message ?? ''}
        onClose={() => setMessage(null)}
      />
    </ActionErrorContext.Provider>
  );
}

/** The handler for a failed order, bid or award: pass it the error from a mutation. */
export function useActionError(): ShowActionError {
  return useContext(ActionErrorContext) ?? notifyError;
}
