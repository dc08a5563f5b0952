import type { TAdminSlide } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import type { Column } from '../DataTable';
import styles from './ContentForms.module.css';
import { contentAdminApi, contentAdminKeys } from './content-admin.api';
import { EditedListPanel } from './edited-list';
import { writtenLanguages } from './LanguageTabs';
import { SlideForm } from './SlideForm';

/** The home slider's pictures, in their order. */
export function SlidesPanel() {
  const { t } = useTranslation();
  const columns: Column<TAdminSlide>[] = [
    {
      id: 'picture',
      header: t('content.admin.slides.pictureLabel'),
      // The English picture, and the languages that show one of their own instead (decision 74).
      render: (s) => {
        const own = writtenLanguages(s.uploadTranslations);
        return (
          <>
            <img className={styles.thumb} src={s.imageUrl} alt="" />
            {own && (
              <small className={styles.muted} data-testid="slide-own-pictures">
                {t('content.admin.slides.ownPictures', { languages: own })}
              </small>
            )}
          </>
        );
      },
    },
    {
      id: 'alt',
      header: t('content.admin.slides.altLabel'),
      render: (s) =>
        s.alt['en-US'] ? (
          <span className={styles.textCell}>{s.alt['en-US']}</span>
        ) : (
          <span className={styles.muted}>—</span>
        ),
    },
    { id: 'language', header: t('content.admin.languagesHeader'), render: (s) => writtenLanguages(s.alt) },
    {
      id: 'position',
      header: t('content.admin.slides.positionLabel'),
      numeric: true,
      render: (s) => s.position,
    },
    {
      id: 'link',
      header: t('content.admin.slides.linkLabel'),
      render: (s) =>
        s.link ? <code className={styles.textCell}>{s.link}</code> : <span className={styles.muted}>—</span>,
    },
  ];
  return (
    <EditedListPanel
      kind="slides"
      queryKey={contentAdminKeys.slides}
      load={contentAdminApi.slides}
      remove={contentAdminApi.deleteSlide}
      columns={columns}
      Form={SlideForm}
    />
  );
}
