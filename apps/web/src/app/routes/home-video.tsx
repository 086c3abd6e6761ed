import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Icon } from '../../components/icons';
import { usePrefersReducedMotion } from '../../lib/use-prefers-reduced-motion';

/** The video and its poster (its first frame), made by apps/web/scripts/make-home-video.mjs. */
export const HOME_VIDEO = { src: '/media/renew.webm', poster: '/media/renew-poster.jpg', width: 640, height: 360 } as const;

/**
 * The home page's video beside "Renew your everything": our own artwork slowly panning, muted
 * and looping. It is decoration (no information, no sound), so it is hidden from assistive
 * technology; it does not start for shoppers who prefer reduced motion, and a button pauses and
 * plays it (WCAG 2.2.2).
 */
export function HomeVideo() {
  const { t } = useTranslation('catalog');
  const reducedMotion = usePrefersReducedMotion();
  const video = useRef<HTMLVideoElement>(null);
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const playing = playChoice ?? !reducedMotion;

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (playing) {
      // Autoplay may be refused (data saver, power saving): the poster then stays, which is fine.
      element.play()?.catch(() => undefined);
    } else {
      element.pause();
    }
  }, [playing]);

  return (
    <div className="dk-home-video">
      <video
        ref={video}
        src={HOME_VIDEO.src}
        poster={HOME_VIDEO.poster}
        width={HOME_VIDEO.width}
        height={HOME_VIDEO.height}
        muted
        loop
        playsInline
        preload="none"
        aria-hidden="true"
        tabIndex={-1}
      />
      <button
        type="button"
        className="dk-icon-button dk-home-video__toggle"
        onClick={() => setPlayChoice(!playing)}
        aria-label={playing ? t('home.videoPause') : t('home.videoPlay')}
      >
        <Icon name={playing ? 'pause' : 'play'} small />
      </button>
    </div>
  );
}
