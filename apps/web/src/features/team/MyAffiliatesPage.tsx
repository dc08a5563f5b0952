import { ZTeamSearchQuery } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import SearchBar from 'antd-mobile/es/components/search-bar';
import Tabs from 'antd-mobile/es/components/tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../shared/PagedList';
import { PageLayout } from '../../shared/PageLayout';
import { MemberItem } from './MemberItem';
import styles from './Team.module.css';
import { teamApi, teamKeys } from './team.api';

const tabs = ['referrals', 'levels', 'search', 'favourites'] as const;
type Tab = (typeof tabs)[number];

function LevelsTab() {
  const { t } = useTranslation();
  const [level, setLevel] = useState(1);
  const levels = useQuery({ queryKey: teamKeys.levels, queryFn: ({ signal }) => teamApi.levels(signal) });
  return (
    <>
      <div className={styles.levelCounts}>
        {(levels.data?.levels ?? []).map((l) => (
          <button
            type="button"
            key={l.level}
            className={styles.levelCount}
            aria-pressed={l.level === level}
            onClick={() => setLevel(l.level)}
            data-testid={`level-${l.level}`}
          >
            <span className={styles.muted}>{t('team.affiliates.level', { level: l.level })}</span>
            <strong>{l.members}</strong>
          </button>
        ))}
      </div>
      <PagedList
        key={level}
        queryKey={teamKeys.level(level)}
        fetchPage={(page, pageSize) => teamApi.level(level, page, pageSize)}
        itemKey={(member) => member.id}
        renderItem={(member) => <MemberItem member={member} />}
      />
    </>
  );
}

function SearchTab() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const valid = ZTeamSearchQuery.safeParse({ q });
  const results = useQuery({
    queryKey: teamKeys.search(q),
    queryFn: ({ signal }) => teamApi.search(q, signal),
    enabled: valid.success,
  });
  return (
    <>
      <div className={styles.toolbar}>
        <SearchBar
          style={{ flex: 1 }}
          placeholder={t('team.affiliates.searchPlaceholder')}
          maxLength={16}
          onSearch={(value) => setQ(value.trim())}
          onClear={() => setQ('')}
        />
      </div>
      {q && !valid.success ? (
        <ErrorBlock status="default" title={t('errors.TEAM_SEARCH_INVALID')} description="" />
      ) : results.data?.items.length === 0 ? (
        <ErrorBlock status="empty" title={t('team.affiliates.noMatch')} description="" />
      ) : (
        results.data?.items.map((member) => <MemberItem key={member.id} member={member} />)
      )}
    </>
  );
}

/**
 * MyAffiliates (member/downlinelist, Member/singlelevel2, fivelevel, searchdownline, searchuserid,
 * searchmember, Tree/showfavorite2): direct referrals, the five sponsor levels, search and favourites.
 */
export default function MyAffiliatesPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('referrals');
  return (
    <PageLayout title={t('team.affiliates.title')} backTo="/pages/personal/personal" padded={false}>
      <Tabs activeKey={tab} onChange={(key) => setTab(key as Tab)}>
        {tabs.map((key) => (
          <Tabs.Tab key={key} title={t(`team.affiliates.tabs.${key}`)} />
        ))}
      </Tabs>
      {tab === 'referrals' && (
        <PagedList
          queryKey={teamKeys.referrals(null)}
          fetchPage={(page, pageSize) => teamApi.referrals(null, page, pageSize)}
          itemKey={(member) => member.id}
          renderItem={(member) => <MemberItem member={member} />}
        />
      )}
      {tab === 'levels' && <LevelsTab />}
      {tab === 'search' && <SearchTab />}
      {tab === 'favourites' && (
        <PagedList
          queryKey={teamKeys.favourites}
          fetchPage={(page, pageSize) => teamApi.favourites(page, pageSize)}
          itemKey={(member) => member.id}
          renderItem={(member) => <MemberItem member={member} />}
        />
      )}
    </PageLayout>
  );
}
