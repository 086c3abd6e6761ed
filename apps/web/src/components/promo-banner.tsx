import { Link } from 'react-router';

import { PICTURE_SIZES, pictureProps } from '../lib/picture';

export interface PromoBannerProps {
  /** A 1600 x 500 banner image without text (`/images/banners/{name}.svg`). */
  image: string;
  title: string;
  text?: string;
  /** Heading level of the title: the page's h1 on home, a section heading elsewhere. */
  headingLevel?: 'h1' | 'h2';
  action?: { label: string; href: string };
  /** The first banner of a page is its largest paint: load it eagerly and first. */
  priority?: boolean;
  /** `compact` for banners side by side (half width): smaller text, text under the image below `md`. */
  size?: 'large' | 'compact';
}

/**
 * A banner image with its overlay text. The text sits on a solid panel over the image from
 * `sm` up (readable whatever the picture), and under the image on narrow phones. Plain elements
 * styled by app/shop.css (decision 0027): every page opens with one.
 */
export function PromoBanner({ image, title, text, headingLevel = 'h2', action, priority = false, size = 'large' }: PromoBannerProps) {
  const Heading = headingLevel;
  return (
    <section className={`dk-banner dk-banner--${size}`}>
      <img
        className="dk-banner__image"
        {...pictureProps(image, size === 'compact' ? PICTURE_SIZES.card : PICTURE_SIZES.banner)}
        alt=""
        width={1600}
        height={500}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
      />
      <div className="dk-banner__panel">
        <Heading className="dk-banner__title">{title}</Heading>
        {text ? <p className="dk-banner__text">{text}</p> : null}
        {action ? (
          <Link to={action.href} className={`dk-button dk-button--contained dk-banner__action${size === 'compact' ? ' dk-button--small' : ''}`}>
            {action.label}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
