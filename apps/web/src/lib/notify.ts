import { notifications } from '@mantine/notifications';
import { errorMessage } from './api';

/** API failures appear as toasts carrying the server's message. */
export function notifyError(error: unknown, title?: string): void {
  notifications.show({ color: 'red', title, message: errorMessage(error), autoClose: 8000 });
}

export function notifySuccess(message: string, title?: string): void {
  notifications.show({ color: 'green', title, message });
}
