import Button from 'antd-mobile/es/components/button';
import Swiper from 'antd-mobile/es/components/swiper';
import { BankcardOutline, HistogramOutline, ShopbagOutline, TeamOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { brand } from '../../app/config';
import { Routes } from '../../app/navigation';
import { Logo } from '../shell/Logo';
import styles from './IntroPage.module.css';
import { LanguageSelect } from './LanguageSelect';

const slides = [
  { id: 'bots', Icon: HistogramOutline },
  { id: 'wallets', Icon: BankcardOutline },
  { id: 'mining', Icon: ShopbagOutline },
  { id: 'team', Icon: TeamOutline },
] as const;

/** What the platform is, before anyone signs in. */
export default function IntroPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={styles.brand}>
          <Logo size={32} />
          <h1>{brand}</h1>
        </div>
        <LanguageSelect />
      </header>
      <main className={styles.main}>
        <p className={styles.tagline}>{t('intro.tagline')}</p>
        <Swiper autoplay loop autoplayInterval={4000} className={styles.swiper}>
          {slides.map(({ id, Icon }) => (
            <Swiper.Item key={id}>
              <section className={styles.slide} aria-label={t(`intro.${id}.title`)}>
                <Icon className={styles.icon} aria-hidden="true" />
                <h2>{t(`intro.${id}.title`)}</h2>
                <p>{t(`intro.${id}.text`)}</p>
              </section>
            </Swiper.Item>
          ))}
        </Swiper>
        <div className={styles.actions}>
          <Button block color="primary" size="large" onClick={() => navigate(Routes.login)}>
            {t('intro.login')}
          </Button>
          <Button
            block
            size="large"
            className={styles.secondary}
            onClick={() => navigate('/pages/register/register')}
          >
            {t('intro.signUp')}
          </Button>
        </div>
      </main>
    </div>
  );
}
