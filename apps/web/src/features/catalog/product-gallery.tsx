import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InnerImageZoom } from 'react-inner-image-zoom';
import 'react-inner-image-zoom/lib/styles.min.css';

import { PRODUCT_IMAGE_SIZE } from '../../components/product-card';
import { HOLD_PRESS_ATTRIBUTE } from '../../lib/early-events';
import { enlargeSvg } from '../../lib/enlarge-svg';

/** Spec section 9: zoom scale 1, fade 150 ms, mobile breakpoint 640 px (the 5 px drag threshold is the library's own). */
export const ZOOM_SETTINGS = { zoomScale: 1, fadeDuration: 150, mobileBreakpoint: 640 } as const;

/** How much larger than the shown picture the zoomed one is drawn. */
export const ZOOM_SOURCE_FACTOR = 2;

/**
 * A larger drawing of an SVG picture to zoom into (a blob URL), or `undefined` until it is ready
 * or when the picture is not an SVG. The catalog's SVGs are 600 px: zooming them at scale 1
 * would show them at the size they already have on a desktop.
 */
function useZoomSource(src: string): string | undefined {
  const [zoom, setZoom] = useState<{ src: string; url: string }>();
  useEffect(() => {
    if (!src.endsWith('.svg') || typeof URL.createObjectURL !== 'function') return;
    let url: string | undefined;
    let cancelled = false;
    fetch(src)
      .then((response) => (response.ok ? response.text() : Promise.reject(new Error(String(response.status)))))
      .then((text) => {
        if (cancelled) return;
        url = URL.createObjectURL(new Blob([enlargeSvg(text, ZOOM_SOURCE_FACTOR)], { type: 'image/svg+xml' }));
        setZoom({ src, url });
      })
      // Without the larger drawing, the zoom uses the picture itself.
      .catch(() => undefined);
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [src]);
  return zoom?.src === src ? zoom.url : undefined;
}

/** The next thumbnail for an arrow, Home or End key, or `null` for any other key (wraps around). */
export function thumbnailAfterKey(key: string, current: number, count: number, direction: 'ltr' | 'rtl'): number | null {
  const forward = direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
  const backward = direction === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
  if (key === forward || key === 'ArrowDown') return (current + 1) % count;
  if (key === backward || key === 'ArrowUp') return (current - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * The product's pictures (spec section 2): a strip of thumbnails, each a button that shows its
 * picture in the main image, which zooms on click and pans with the pointer. Thumbnails are
 * reached with Tab and moved between with the arrow keys, Home and End. Plain elements styled by
 * app/shop.css (`.dk-gallery`, decision 0027).
 */
export function ProductGallery({ title, images }: { title: string; images: readonly string[] }) {
  const { t, i18n } = useTranslation('catalog');
  const [selected, setSelected] = useState(0);
  const thumbnails = useRef<(HTMLButtonElement | null)[]>([]);
  const direction = i18n.dir(i18n.resolvedLanguage);
  const current = images[selected] ?? images[0] ?? '';
  const count = images.length;
  const zoomSrc = useZoomSource(current);

  function handleKeyDown(event: KeyboardEvent<HTMLElement>) {
    const next = thumbnailAfterKey(event.key, selected, count, direction);
    if (next === null) return;
    event.preventDefault();
    setSelected(next);
    thumbnails.current[next]?.focus();
  }

  return (
    <div className="dk-gallery">
      {count > 1 ? (
        <div role="group" aria-label={t('details.gallery')} onKeyDown={handleKeyDown} className="dk-gallery__thumbnails">
          {images.map((image, index) => (
            <button
              type="button"
              key={image}
              ref={(element) => {
                thumbnails.current[index] = element;
              }}
              onClick={() => setSelected(index)}
              aria-label={t('details.showImage', { index: index + 1, count })}
              aria-pressed={index === selected}
              className="dk-gallery__thumbnail"
            >
              <img src={image} alt="" width={76} height={76} loading="lazy" decoding="async" />
            </button>
          ))}
        </div>
      ) : null}
      <div className="dk-gallery__main">
        <div
          className="dk-gallery__picture"
          // A click on the picture before the gallery is live zooms once it is, where it landed.
          {...{ [HOLD_PRESS_ATTRIBUTE]: '' }}
        >
          <InnerImageZoom
            // A new picture starts unzoomed. The larger drawing may arrive later: it replaces the
            // zoom picture in place (a remount would drop a pointer already over the image).
            key={current}
            src={current}
            zoomSrc={zoomSrc}
            width={PRODUCT_IMAGE_SIZE}
            height={PRODUCT_IMAGE_SIZE}
            hasSpacer
            {...ZOOM_SETTINGS}
            // The page's largest picture: fetched first (the server also preloads it).
            imgAttributes={{ alt: t('details.imageAlt', { title, index: selected + 1, count: Math.max(count, 1) }), fetchPriority: 'high' }}
          />
        </div>
        <p className="dk-gallery__hint">{t('details.zoomHint')}</p>
      </div>
    </div>
  );
}
