import { useTranslation } from 'react-i18next';

/** First focusable element of the page: lets keyboard users jump past the header (styled by app/shop.css). */
export function SkipLink({ targetId }: { targetId: string }) {
  const { t } = useTranslation();
  return (
    <a href={`#${targetId}`} className="dk-skip-link">
      {t('skipToContent')}
    </a>
  );
}
