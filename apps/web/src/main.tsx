import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, restoreSavedData } from './app/app';
import { initI18n } from './lib/i18n';

await Promise.all([initI18n(), restoreSavedData()]);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
