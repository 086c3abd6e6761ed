import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The shopping-bag mark of the logo, drawn here so nothing loads from elsewhere. */
function BagMark() {
  return (
    <svg width="34" height="34" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#ffc220" />
      <path d="M17 24h30l-3 27H20z" fill="#ffffff" />
      <path d="M25 24v-4a7 7 0 0 1 14 0v4" fill="none" stroke="#041e42" strokeWidth="4" strokeLinecap="round" />
      <circle cx="32" cy="37" r="4" fill="#0071dc" />
    </svg>
  );
}

/** "Dukkan" word mark with its bag; links to the home page. */
export function Logo({ color }: { color?: string }) {
  const { t } = useTranslation();
  return (
    <Link to="/" className="dk-logo" aria-label={t('header.logo')} style={color ? { color } : undefined}>
      <BagMark />
      <span className="dk-logo__word">{t('brand')}</span>
    </Link>
  );
}
