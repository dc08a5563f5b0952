import { isStaffRole } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import List from 'antd-mobile/es/components/list';
import { SetOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { currentLanguage, languageNames } from '../../app/i18n';
import { Routes } from '../../app/navigation';
import { session } from '../../app/session';
import { useMe } from '../../app/use-me';
import { PageLayout } from '../../shared/PageLayout';
import { AdminPaths } from '../admin/admin-paths';
import { authApi } from '../auth/auth.api';
import { KycChip } from '../profile/KycChip';
import { MemberAvatar } from '../profile/MemberAvatar';
import { useProfile } from '../profile/profile.api';
import styles from './PersonalPage.module.css';
import { personalMenu } from './personal-menu';

/** Me: who is signed in, every personal page, and log out. */
export default function PersonalPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useMe();
  // The avatar and the KYC state come with the profile (the same query as the profile page).
  const profile = useProfile().data;

  const logout = useMutation({
    mutationFn: () => authApi.logout(),
    // Signed out here whatever the server said: the member asked to leave.
    onSettled: () => {
      session.signOut();
      queryClient.clear();
      navigate(Routes.login, { replace: true });
    },
  });

  return (
    <PageLayout title={t('tabs.me')} padded={false}>
      <section className={styles.profile} aria-label={t('personal.profile')}>
        <MemberAvatar url={profile?.avatarUrl} name={user?.fullName || user?.username || ''} />
        <div>
          <h2 className={styles.name} data-testid="personal-name">
            {user?.fullName || user?.username}
          </h2>
          <dl className={styles.facts}>
            <div>
              <dt>{t('personal.username')}</dt>
              <dd data-testid="personal-username">{user?.username}</dd>
            </div>
            <div>
              <dt>{t('personal.userId')}</dt>
              <dd data-testid="personal-userid">{user?.userid}</dd>
            </div>
            <div>
              <dt>{t('personal.rank')}</dt>
              <dd data-testid="personal-rank">{user?.rank}</dd>
            </div>
          </dl>
          {profile ? (
            <div className={styles.kyc}>
              <KycChip status={profile.kycStatus} />
            </div>
          ) : null}
        </div>
      </section>
      {user && isStaffRole(user.role) ? (
        <List className={styles.menu}>
          <List.Item
            prefix={<SetOutline aria-hidden="true" />}
            data-testid="personal-admin"
            onClick={() => navigate(AdminPaths.root)}
          >
            {t('admin.entry')}
          </List.Item>
        </List>
      ) : null}
      {personalMenu.map((group) => (
        <List key={group[0]?.id} className={styles.menu}>
          {group.map(({ id, path, Icon }) => (
            <List.Item
              key={id}
              prefix={<Icon aria-hidden="true" />}
              extra={id === 'lang' ? languageNames[currentLanguage()] : undefined}
              onClick={() => navigate(path)}
            >
              {t(`personal.menu.${id}`)}
            </List.Item>
          ))}
        </List>
      ))}
      <div className={styles.logout}>
        <Button
          block
          size="large"
          color="danger"
          fill="outline"
          loading={logout.isPending}
          onClick={() => logout.mutate()}
        >
          {t('personal.logout')}
        </Button>
      </div>
    </PageLayout>
  );
}
