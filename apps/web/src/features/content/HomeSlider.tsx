import type { TSlide } from '@app/contracts';
import Swiper from 'antd-mobile/es/components/swiper';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePageIdle } from '../../shared/use-page-idle';
import styles from './HomeSlider.module.css';

/** Milliseconds each slide stays. */
const AUTOPLAY_MS = 4000;

// React 18 does not know `fetchPriority` yet; the lower-case attribute reaches the DOM as it is.
const firstPaint = { fetchpriority: 'high', loading: 'eager' } as Record<string, string>;

/** A slide's picture, linked where the admin pointed it: an app page, or another site in a new tab. */
function SlideImage({ slide, alt, first }: { slide: TSlide; alt: string; first: boolean }) {
  // The first slide is the home page's largest paint: fetched before the others and the page's icons.
  const image = (
    <img
      className={styles.image}
      src={slide.imageUrl}
      alt={alt}
      draggable={false}
      {...(first ? firstPaint : {})}
    />
  );
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
  // Turning means a spring animation on the main thread every few seconds: it waits until the page is idle.
  const idle = usePageIdle();
  if (slides.length === 0) return null;
  const reducedMotion =
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  return (
    <section className={styles.slider} aria-label={t('content.home.slider')} data-testid="home-slider">
      <Swiper
        autoplay={idle && !reducedMotion && slides.length > 1}
        autoplayInterval={AUTOPLAY_MS}
        loop={slides.length > 1}
        indicatorProps={{ className: styles.dots }}
      >
        {slides.map((slide, i) => (
          <Swiper.Item key={slide.id}>
            <SlideImage
              slide={slide}
              first={i === 0}
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
