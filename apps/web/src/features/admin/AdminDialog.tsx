import CenterPopup from 'antd-mobile/es/components/center-popup';
import type { ReactNode } from 'react';
import styles from './AdminDialog.module.css';

interface AdminDialogProps {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A centred dialog around one form. A click beside it does not close it (a half-typed reason is not
 * thrown away): the form's own Cancel does. Its content is dropped on close, so every opening starts a
 * fresh form and a fresh idempotency key.
 */
export function AdminDialog({ title, open, onClose, children }: AdminDialogProps) {
  return (
    <CenterPopup
      visible={open}
      onClose={onClose}
      destroyOnClose
      className={styles.popup}
      role="dialog"
      aria-label={title}
      bodyClassName={styles.body}
    >
      <h2 className={styles.title}>{title}</h2>
      {children}
    </CenterPopup>
  );
}
