import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { redirectAfterSessionCheck } from './app/start-session';
import { createBrowserSessionStore } from './lib/browser-session';

const store = createBrowserSessionStore();
const redirect = redirectAfterSessionCheck(store.start(), window.location.pathname);
if (redirect) window.history.replaceState(null, '', redirect);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <App store={store} queryClient={createQueryClient()} />
  </StrictMode>,
);
