import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Icon } from '../../components/icons';
import { usePrefersReducedMotion } from '../../lib/use-prefers-reduced-motion';

/** The video and its poster (its first frame), made by apps/web/scripts/make-home-video.mjs. */
export const HOME_VIDEO = { src: '/media/renew.webm', poster: '/media/renew-poster.jpg', width: 640, height: 360 } as const;

/**
 * How long after the page is live the video element takes the poster's place (then in a moment
 * the browser has nothing else to do). A `<video>` costs the browser 30–45 ms of style work on
 * this host (its built-in controls, styled though hidden; decision 0046), which the page's first
 * seconds, when a shopper starts to tap, should not pay for a decoration.
 */
export const VIDEO_START_DELAY_MS = 3000;

/** Runs `start` once the browser is idle (or after a second at the latest); returns its cancel. */
function whenIdle(start: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(start, { timeout: 1000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(start, 0);
  return () => window.clearTimeout(id);
}

/**
 * The home page's video beside "Renew your everything": our own artwork slowly panning, muted
 * and looping. It is decoration (no information, no sound), so it is hidden from assistive
 * technology; it does not start for shoppers who prefer reduced motion, and a button pauses and
 * plays it (WCAG 2.2.2). The page is served with its poster, the video's first frame, as a
 * picture; the video takes its place a few seconds after the page is live, when the browser is
 * idle (`VIDEO_START_DELAY_MS`). The button works from the start: a choice made before then holds.
 */
export function HomeVideo() {
  const { t } = useTranslation('catalog');
  const reducedMotion = usePrefersReducedMotion();
  const video = useRef<HTMLVideoElement>(null);
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const playing = playChoice ?? !reducedMotion;
  // False on the server and as the page hydrates: the poster, as served.
  const [videoShown, setVideoShown] = useState(false);

  useEffect(() => {
    let cancelIdle = () => {};
    const timer = window.setTimeout(() => {
      cancelIdle = whenIdle(() => setVideoShown(true));
    }, VIDEO_START_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      cancelIdle();
    };
  }, []);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (playing) {
      // Autoplay may be refused (data saver, power saving): the poster then stays, which is fine.
      element.play()?.catch(() => undefined);
    } else {
      element.pause();
    }
  }, [playing, videoShown]);

  return (
    <div className="dk-home-video">
      {videoShown ? (
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
      ) : (
        <img src={HOME_VIDEO.poster} alt="" width={HOME_VIDEO.width} height={HOME_VIDEO.height} decoding="async" />
      )}
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
