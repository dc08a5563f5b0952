import Button from 'antd-mobile/es/components/button';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { Routes } from '../../app/navigation';
import { showToast } from '../../app/toast';
import { copyText } from '../../shared/copy-text';
import { LoadState } from '../../shared/LoadState';
import { PageLayout } from '../../shared/PageLayout';
import styles from './InviteFriendPage.module.css';
import { inviteLink } from './invite-link';
import { useProfile } from './profile.api';

/** Invite a friend (member/invitationcode): the code, the sign-up link with it, its QR code, copy and share. */
export default function InviteFriendPage() {
  const { t } = useTranslation();
  const query = useProfile();
  const code = query.data?.invitationCode;
  const link = code ? inviteLink(window.location.origin, code) : '';

  const copy = async (value: string) => {
    const ok = await copyText(value);
    showToast(
      ok ? t('profile.invite.copied') : t('profile.invite.copyFailed'),
      ok ? { icon: 'success' } : {},
    );
  };
  const share = async () => {
    try {
      await navigator.share({
        title: t('profile.invite.shareTitle'),
        text: t('profile.invite.shareText'),
        url: link,
      });
    } catch {
      // The member closed the share sheet: nothing to say.
    }
  };
  const canShare = typeof navigator.share === 'function';

  return (
    <PageLayout title={t('personal.menu.inviteFriend')} backTo={Routes.personal}>
      {code ? (
        <section className={styles.card} aria-label={t('personal.menu.inviteFriend')}>
          <p className={styles.lead}>{t('profile.invite.lead')}</p>
          <div className={styles.qr} data-testid="invite-qr">
            <QRCodeSVG value={link} size={200} marginSize={2} title={t('profile.invite.qrTitle')} />
          </div>
          <dl className={styles.rows}>
            <div className={styles.row}>
              <dt>{t('profile.invite.code')}</dt>
              <dd data-testid="invite-code">{code}</dd>
              <Button size="small" color="primary" fill="outline" onClick={() => void copy(code)}>
                {t('profile.invite.copy')}
              </Button>
            </div>
            <div className={styles.row}>
              <dt>{t('profile.invite.link')}</dt>
              <dd className={styles.link} data-testid="invite-link">
                {link}
              </dd>
              <Button size="small" color="primary" fill="outline" onClick={() => void copy(link)}>
                {t('profile.invite.copy')}
              </Button>
            </div>
          </dl>
          <div className={styles.actions}>
            {canShare ? (
              <Button block color="primary" size="large" onClick={() => void share()}>
                {t('profile.invite.share')}
              </Button>
            ) : null}
            <Button
              block
              color="primary"
              fill={canShare ? 'outline' : 'solid'}
              size="large"
              onClick={() => void copy(link)}
              data-testid="invite-copy-link"
            >
              {t('profile.invite.copyLink')}
            </Button>
          </div>
        </section>
      ) : (
        <LoadState failed={query.isError} onRetry={() => void query.refetch()} />
      )}
    </PageLayout>
  );
}
