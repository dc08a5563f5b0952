import type { FormEventHandler, ReactNode } from 'react';
import styles from './PanelForm.module.css';

/** A form under a panel's table (add a rule, set a price), set off by a rule and its own heading. */
export function PanelForm({
  title,
  onSubmit,
  children,
}: {
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <form className={styles.form} noValidate aria-label={title} onSubmit={onSubmit}>
      <h4 className={styles.title}>{title}</h4>
      {children}
    </form>
  );
}
