import type { TSlide } from '@app/contracts';
import { Swiper } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styles from './HomeSlider.module.css';

/** Milliseconds each slide stays. */
const AUTOPLAY_MS = 4000;

/** A slide's picture, linked where the admin pointed it: an app page, or another site in a new tab. */
function SlideImage({ slide, alt }: { slide: TSlide; alt: string }) {
  const image = <img className={styles.image} src={slide.imageUrl} alt={alt} draggable={false} />;
  if (!slide.link) return image;
  if (slide.link.startsWith('https://')) {
    return (
      <a href={slide.link} target="_blank" rel="noopener noreferrer">
        {image}
      </a>
    );
  }
  return <Link to={slide.link}>{image}</Link>;
}

/** The home page's images (Main/sliderImgs), turning by themselves, swipeable, looping. */
export function HomeSlider({ slides }: { slides: TSlide[] }) {
  const { t } = useTranslation();
  if (slides.length === 0) return null;
  const reducedMotion =
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  return (
    <section className={styles.slider} aria-label={t('content.home.slider')} data-testid="home-slider">
      <Swiper
        autoplay={!reducedMotion && slides.length > 1}
        autoplayInterval={AUTOPLAY_MS}
        loop={slides.length > 1}
        indicatorProps={{ className: styles.dots }}
      >
        {slides.map((slide, i) => (
          <Swiper.Item key={slide.id}>
            <SlideImage
              slide={slide}
              // The admin's description in the member's language; a slide written before there were
              // descriptions (decision 73) still gets its place in the row.
              alt={slide.alt || t('content.home.slide', { n: i + 1, count: slides.length })}
            />
          </Swiper.Item>
        ))}
      </Swiper>
    </section>
  );
}
