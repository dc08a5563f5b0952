import { useRegisterSW } from 'virtual:pwa-register/react';
import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { usePageIdle } from '../../shared/use-page-idle';
import styles from './AppStatus.module.css';
import { useOnline } from './use-online';

/** Says so while the device is offline (the shell comes from the service worker's cache then). */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <p className={`${styles.status} ${styles.offline}`} role="status" data-testid="offline-notice">
      {t('appStatus.offline')}
    </p>
  );
}

/**
 * Registers the service worker and, when a new version has been deployed and its worker is waiting,
 * offers it: the member chooses the moment (a form half filled in is never reloaded away).
 * Once the first view is idle: registering loads workbox-window, and the new worker then downloads the app
 * shell, neither of which the first paint should wait behind (they came before the login form's, §89).
 */
export function UpdatePrompt() {
  return usePageIdle() ? <RegisteredUpdatePrompt /> : null;
}

function RegisteredUpdatePrompt() {
  const { t } = useTranslation();
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW();
  if (!needRefresh) return null;
  return (
    <div className={`${styles.status} ${styles.update}`} role="status" data-testid="update-prompt">
      <span>{t('appStatus.updateReady')}</span>
      <Button size="mini" color="primary" onClick={() => void updateServiceWorker(true)}>
        {t('appStatus.update')}
      </Button>
    </div>
  );
}
