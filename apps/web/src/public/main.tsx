import './public.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PublicApp } from './public-app';

/**
 * The light entry of the public pages (track.html): React and the zod-free domain rules only, so a
 * consignee on a slow phone does not download the signed-in app.
 */
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <PublicApp origin={window.location.origin} pathname={window.location.pathname} />
  </StrictMode>,
);
