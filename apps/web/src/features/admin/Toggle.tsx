import styles from './Toggle.module.css';

interface ToggleProps {
  checked: boolean;
  /** What is switched on or off, for screen readers (the switch shows no text). */
  label: string;
  busy?: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * An on/off switch that is a real button: it takes focus and Space/Enter, which antd-mobile's Switch
 * (a div) does not.
 */
export function Toggle({ checked, label, busy = false, onChange }: ToggleProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      aria-busy={busy}
      disabled={busy}
      className={checked ? `${styles.toggle} ${styles.on}` : styles.toggle}
      onClick={() => onChange(!checked)}
    >
      <span className={styles.knob} />
    </button>
  );
}
