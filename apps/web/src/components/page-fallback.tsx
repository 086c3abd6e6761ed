import { useTranslation } from 'react-i18next';

/**
 * Shown while a page's code or translations load: a spinner drawn by app/shop.css (`.dk-spinner`),
 * not MUI's CircularProgress, which every page's start-up would otherwise carry (decision 0027).
 */
export function PageFallback() {
  const { t } = useTranslation();
  return (
    <div role="status" className="dk-fallback">
      <span role="progressbar" aria-label={t('loading')} className="dk-spinner" />
    </div>
  );
}
