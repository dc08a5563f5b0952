import './app/zod-messages';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { languageReady } from './app/i18n';

const root = document.getElementById('root');
// The stored language's chunk first (none for English), so the first paint is already in it.
void languageReady.then(() => {
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
