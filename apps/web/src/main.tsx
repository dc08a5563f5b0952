// Before anything evaluates zod: the page's policy refuses `new Function` (app/zod-jitless.ts).
import './app/zod-jitless';
// antd-mobile's global styles and variables, first so that styles.css overrides them; the components are
// imported by module, not through the package's barrel, which is what used to bring these in.
import 'antd-mobile/es/global';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { allTextsReady, languageReady } from './app/i18n';
import { prefetchOverlays } from './app/overlays';
import { preloadCurrentPage } from './app/routes';
import { hasStoredLogin, restoreSession } from './app/session';
import { warmIntl } from './app/warm-intl';

const root = document.getElementById('root');
preloadCurrentPage();
if (hasStoredLogin()) warmIntl();
// The stored language's chunk first (none for English), so the first paint is already in it; beside it the
// stored session, checked with zod, which comes in a chunk of its own (app/session.ts).
// Should that chunk fail to load, the app starts signed out rather than not at all. A member's pages (and
// the shell around them) use every section of the texts: with a stored session those come first too; a
// visitor's first view (login, intro) is drawn with the entry's (first-view-texts.ts).
void Promise.all([
  languageReady,
  restoreSession().catch(() => {}),
  hasStoredLogin() ? allTextsReady().catch(() => {}) : undefined,
]).then(() => {
  if (!root) return;
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
  prefetchOverlays();
});
