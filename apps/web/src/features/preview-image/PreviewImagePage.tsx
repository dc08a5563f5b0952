import Button from 'antd-mobile/es/components/button';
import ImageViewer, { type MultiImageViewerRef } from 'antd-mobile/es/components/image-viewer';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Routes } from '../../app/navigation';
import { PageLayout } from '../../shared/PageLayout';
import { previewOf } from '../../shared/uploads';
import styles from './PreviewImagePage.module.css';

/**
 * `/preview-image`: the pictures of a link full-screen, with pinch or wheel zoom and swipe between them
 * (antd-mobile's ImageViewer). The pictures load with the session cookie, so private ones (KYC, chat)
 * show for the member and staff who may see them. Closing goes back to where the viewer was opened.
 */
export default function PreviewImagePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const { urls, index: start } = previewOf(params);
  const [index, setIndex] = useState(start);
  const viewer = useRef<MultiImageViewerRef>(null);

  // 'default' is the key of the first entry: opened from a link, there is nothing of ours to go back to.
  const close = () => (location.key === 'default' ? navigate(Routes.home, { replace: true }) : navigate(-1));

  // On a desktop the keyboard does what a finger does on a phone.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
      else if (event.key === 'ArrowRight' && index < urls.length - 1) viewer.current?.swipeTo(index + 1);
      else if (event.key === 'ArrowLeft' && index > 0) viewer.current?.swipeTo(index - 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (urls.length === 0) {
    return (
      <PageLayout title={t('previewImage.title')}>
        <p className={styles.nothing} data-testid="preview-nothing">
          {t('previewImage.nothing')}
        </p>
      </PageLayout>
    );
  }

  return (
    <div className={styles.page} data-testid="preview-image">
      <h1 className={styles.hidden}>{t('previewImage.title')}</h1>
      <ImageViewer.Multi
        ref={viewer}
        images={urls}
        defaultIndex={start}
        visible
        onIndexChange={setIndex}
        onClose={close}
        getContainer={null}
        classNames={{ mask: styles.mask }}
        renderFooter={() => (
          <div className={styles.footer}>
            <Button className={styles.close} onClick={close} data-testid="preview-close">
              {t('previewImage.close')}
            </Button>
          </div>
        )}
      />
    </div>
  );
}
