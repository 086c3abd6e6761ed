import { useTranslation } from 'react-i18next';

import { useToday } from '../../lib/use-today';

const COLUMNS = ['about', 'service', 'shop', 'policies'] as const;

/**
 * The footer: placeholder links (all `#`, spec section 2) and the copyright line. Plain elements
 * styled by app/shop.css (decision 0027): every page renders its twenty-odd links on the server.
 */
export function Footer() {
  const { t } = useTranslation();
  const year = useToday().getFullYear();

  return (
    <footer className="dk-footer dk-later">
      <div className="dk-footer__feedback">
        <p>{t('footer.feedbackTitle')}</p>
        <a href="#" className="dk-button dk-button--small dk-footer__feedback-link">
          {t('footer.feedback')}
        </a>
      </div>
      <nav className="dk-footer__links" aria-label={t('footer.label')}>
        {COLUMNS.map((column) => (
          <div key={column}>
            <h2>{t(`footer.columns.${column}.title`)}</h2>
            <ul>
              {t(`footer.columns.${column}.links`, { returnObjects: true }).map((label) => (
                <li key={label}>
                  <a href="#">{label}</a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <p className="dk-footer__copyright">{t('footer.copyright', { year })}</p>
    </footer>
  );
}
