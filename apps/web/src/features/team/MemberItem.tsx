import type { TTeamMember } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { StarFill, StarOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dayText } from '../../shared/format';
import styles from './Team.module.css';
import { teamApi, teamKeys } from './team.api';

/** One downline member in a list: name, id, rank, join date, their referrals, and a star to favourite them. */
export function MemberItem({ member, action }: { member: TTeamMember; action?: ReactNode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: () =>
      member.favourite ? teamApi.removeFavourite(member.id) : teamApi.addFavourite(member.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
  return (
    <article className={styles.member} data-testid={`member-${member.username}`}>
      <div className={styles.memberMain}>
        <strong>{member.username}</strong>
        <span className={styles.muted}>{t('team.memberLine', { id: member.id, rank: member.rank })}</span>
        <span className={styles.muted}>
          {t('team.joinedReferrals', { date: dayText(member.joinedAt), n: member.referrals })}
        </span>
      </div>
      {action}
      <button
        type="button"
        className={styles.star}
        aria-pressed={member.favourite}
        aria-label={t(member.favourite ? 'team.unfavourite' : 'team.favourite', { name: member.username })}
        disabled={toggle.isPending}
        onClick={() => toggle.mutate()}
      >
        {member.favourite ? <StarFill /> : <StarOutline />}
      </button>
    </article>
  );
}
