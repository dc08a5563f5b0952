import type { TProfile } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { dayText } from '../../shared/format';
import styles from './ProfilePage.module.css';

/** What the member cannot change here: who they are in the tree, and since when. */
export function ProfileFacts({ profile }: { profile: TProfile }) {
  const { t } = useTranslation();
  const placement = profile.placement
    ? t('profile.placementOn', { username: profile.placement, side: t(`register.${profile.side ?? 'left'}`) })
    : t('profile.none');
  const facts: [string, string, string][] = [
    ['username', t('personal.username'), profile.username],
    ['userid', t('personal.userId'), profile.userid],
    ['sponsor', t('register.sponsor'), profile.sponsor ?? t('profile.none')],
    ['placement', t('register.placement'), placement],
    ['rank', t('personal.rank'), profile.rank],
    ['email', t('register.email'), profile.email ?? t('profile.none')],
    ['mobile', t('register.mobile'), profile.mobile ?? t('profile.none')],
    // The locale Intl knows: `bm-MY` is Malay here, Bambara to Intl.
    ['joined', t('profile.joined'), dayText(profile.joinedAt)],
  ];
  return (
    <dl className={styles.facts}>
      {facts.map(([id, label, value]) => (
        <div key={id} className={styles.fact}>
          <dt>{label}</dt>
          <dd data-testid={`profile-${id}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
