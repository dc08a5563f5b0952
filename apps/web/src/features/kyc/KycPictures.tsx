import { KycPictureSides, type TKycPictures } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { openImagePreview } from '../../shared/uploads';
import styles from './NameVerification.module.css';

/** The three pictures of a submission side by side; each opens the full-screen viewer on all three. */
export function KycPictures({ pictures, large = false }: { pictures: TKycPictures; large?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const urls = KycPictureSides.map((side) => pictures[side]);
  return (
    <ul className={large ? `${styles.pictures} ${styles.picturesLarge}` : styles.pictures}>
      {KycPictureSides.map((side, index) => (
        <li key={side} className={styles.picture}>
          <button
            type="button"
            className={styles.pictureButton}
            onClick={() => openImagePreview(navigate, urls, index)}
            aria-label={t('kyc.openPicture', { picture: t(`kyc.pictures.${side}`) })}
            data-testid={`kyc-picture-${side}`}
          >
            <img src={pictures[side]} alt={t(`kyc.pictures.${side}`)} className={styles.pictureImage} />
          </button>
          <span className={styles.pictureCaption}>{t(`kyc.pictures.${side}`)}</span>
        </li>
      ))}
    </ul>
  );
}
