import type { TProfile } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/toast';
import { ImageUploadField } from '../../shared/uploads';
import styles from './ProfilePage.module.css';
import { profileApi, profileKey } from './profile.api';

/** The profile picture: uploaded at once by the picker, then set on the profile (null removes it). */
export function AvatarField({ profile }: { profile: TProfile }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (avatarUploadId: string | null) => profileApi.update({ avatarUploadId }, []),
    onSuccess: (saved) => {
      queryClient.setQueryData(profileKey, saved);
      showToast(t('profile.avatarSaved'), { icon: 'success' });
    },
  });
  return (
    <section className={styles.card} aria-label={t('profile.avatar')} data-testid="profile-avatar-field">
      <ImageUploadField
        purpose="avatar"
        label={t('profile.avatar')}
        value={profile.avatarUploadId ?? undefined}
        onChange={(id) => save.mutate(id ?? null)}
      />
    </section>
  );
}
