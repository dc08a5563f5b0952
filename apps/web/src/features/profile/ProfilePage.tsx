import { useTranslation } from 'react-i18next';
import { Routes } from '../../app/navigation';
import { LoadState } from '../../shared/LoadState';
import { PageLayout } from '../../shared/PageLayout';
import { AvatarField } from './AvatarField';
import { ContactChangeForm } from './ContactChangeForm';
import { KycChip } from './KycChip';
import { MemberAvatar } from './MemberAvatar';
import { NameForm } from './NameForm';
import { ProfileFacts } from './ProfileFacts';
import styles from './ProfilePage.module.css';
import { useProfile } from './profile.api';

/** The member's profile: who they are (read-only tree facts), and what they may change. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const query = useProfile();
  const profile = query.data;
  return (
    <PageLayout title={t('personal.menu.profile')} backTo={Routes.personal} padded={false}>
      {profile ? (
        <>
          <section className={styles.header} aria-label={t('personal.profile')}>
            <MemberAvatar url={profile.avatarUrl} name={profile.fullName || profile.username} size="large" />
            <div className={styles.who}>
              <h2 className={styles.name} data-testid="profile-name">
                {profile.fullName || profile.username}
              </h2>
              <KycChip status={profile.kycStatus} />
            </div>
          </section>
          <div className={styles.body}>
            <AvatarField profile={profile} />
            <section className={styles.card} aria-labelledby="profile-facts-title">
              <h3 id="profile-facts-title" className={styles.cardTitle}>
                {t('profile.factsTitle')}
              </h3>
              <p className={styles.note}>{t('profile.factsHint')}</p>
              <ProfileFacts profile={profile} />
            </section>
            <h3 className={styles.sectionTitle}>{t('profile.nameTitle')}</h3>
            <NameForm key={profile.fullName ?? ''} profile={profile} />
            <h3 className={styles.sectionTitle}>{t('profile.contactTitle')}</h3>
            <ContactChangeForm />
          </div>
        </>
      ) : (
        <LoadState failed={query.isError} onRetry={() => void query.refetch()} />
      )}
    </PageLayout>
  );
}
