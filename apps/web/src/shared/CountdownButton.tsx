import Button from 'antd-mobile/es/components/button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../app/api-error';

interface CountdownButtonProps {
  /** Sends the code; resolves to the seconds before a resend is allowed, or undefined if nothing was sent. */
  onSend: () => Promise<number | undefined>;
  disabled?: boolean;
  /** A code was sent just before this button appeared (on the previous step): wait this long first. */
  initialSeconds?: number;
}

/** The one "Send code" button: it waits out the server's resend delay before it can be pressed again. */
export function CountdownButton({ onSend, disabled, initialSeconds = 0 }: CountdownButtonProps) {
  const { t } = useTranslation();
  const [seconds, setSeconds] = useState(initialSeconds);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);

  const send = async () => {
    setSending(true);
    try {
      const wait = await onSend();
      if (wait) setSeconds(wait);
    } catch (error) {
      // Too soon: the server says how long to wait; the API client has shown the message.
      if (isApiError(error) && error.retryAfterSeconds) setSeconds(error.retryAfterSeconds);
    } finally {
      setSending(false);
    }
  };

  return (
    <Button
      size="small"
      color="primary"
      fill="outline"
      loading={sending}
      disabled={disabled || seconds > 0}
      onClick={send}
    >
      {seconds > 0 ? t('tac.resendIn', { seconds }) : t('tac.send')}
    </Button>
  );
}
