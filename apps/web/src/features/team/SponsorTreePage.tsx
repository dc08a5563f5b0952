import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PagedList } from '../../shared/PagedList';
import { PageLayout } from '../../shared/PageLayout';
import { MemberItem } from './MemberItem';
import styles from './Team.module.css';
import { teamApi, teamKeys } from './team.api';
import { TeamPaths } from './team-paths';

/**
 * SponsorTree2 (member/downlinelist2, Member/singlelevel2b): the sponsor tree one level at a time. A member's
 * referrals open their own referrals; the browser's back steps up again; only the member's own downline.
 */
export default function SponsorTreePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const of = params.get('of');
  const name = params.get('name');
  return (
    <PageLayout title={t('team.sponsorTree.title')} backTo="/pages/personal/personal" padded={false}>
      <div className={styles.toolbar}>
        <Button size="small" disabled={!of} onClick={() => navigate(TeamPaths.sponsorTree)}>
          {t('team.tree.self')}
        </Button>
        <Button size="small" onClick={() => navigate(TeamPaths.placementTree)}>
          {t('team.tree.title')}
        </Button>
      </div>
      <div className={styles.current} data-testid="sponsor-current">
        {of && name ? t('team.sponsorTree.referralsOf', { name }) : t('team.sponsorTree.mine')}
      </div>
      <PagedList
        key={of ?? 'self'}
        queryKey={teamKeys.referrals(of)}
        fetchPage={(page, pageSize) => teamApi.referrals(of, page, pageSize)}
        itemKey={(member) => member.id}
        renderItem={(member) => (
          <MemberItem
            member={member}
            action={
              member.referrals > 0 ? (
                <Button
                  size="mini"
                  onClick={() =>
                    navigate(
                      `${TeamPaths.sponsorTree}?${new URLSearchParams({ of: member.id, name: member.username })}`,
                    )
                  }
                >
                  {t('team.sponsorTree.open', { n: member.referrals })}
                </Button>
              ) : null
            }
          />
        )}
      />
    </PageLayout>
  );
}
