import type { TOnboardingStep } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { CheckCircleFill, ExclamationCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { KeyPaths } from '../exchange-keys/key-paths';
import { KycPaths } from '../kyc/kyc-paths';
import { rentalKeys, rentalsApi } from './bot-rentals.api';
import styles from './OnboardingBanner.module.css';

/** The bot configuration page of routes.txt, where a member ready to trade goes next. */
const BOT_PAGE = '/pages/trade/Bot';

/**
 * CheckStep / checkbot on the Trade tab: the step the member still has to take, with a button that goes
 * there. A missing rental points at the packages below (`#packages`) on this same page.
 */
export function OnboardingBanner({ onRent }: { onRent: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const check = useQuery({
    queryKey: rentalKeys.onboarding,
    queryFn: ({ signal }) => rentalsApi.onboarding(signal),
  });
  if (!check.data) return null;
  const next: TOnboardingStep | null = check.data.next;
  const go = () => {
    if (next === 'kyc') navigate(KycPaths.nameVerification);
    else if (next === 'exchange_key') navigate(KeyPaths.trader);
    else if (next === 'rental') onRent();
    else navigate(BOT_PAGE);
  };
  const step = next ?? 'ready';
  return (
    <section
      className={next ? `${styles.banner} ${styles.todo}` : `${styles.banner} ${styles.ready}`}
      data-testid="onboarding-banner"
      data-step={step}
      aria-live="polite"
    >
      {next ? (
        <ExclamationCircleFill className={styles.icon} aria-hidden="true" />
      ) : (
        <CheckCircleFill className={styles.icon} aria-hidden="true" />
      )}
      <div className={styles.text}>
        <strong>{t(`rentals.onboarding.${step}.title`)}</strong>
        <span>{t(`rentals.onboarding.${step}.body`)}</span>
      </div>
      <Button size="small" color="primary" onClick={go} data-testid="onboarding-go">
        {t(`rentals.onboarding.${step}.action`)}
      </Button>
    </section>
  );
}
