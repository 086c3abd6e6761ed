import { type FormEvent, type MouseEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';

import { Icon } from '../../components/icons';
import { useDocumentTitle } from '../../lib/use-document-title';

const QUICK_LINKS = ['track', 'edit', 'returns'] as const;

// Spec section 2: on this page the help links and the help search do nothing (yet).
const doNothing = (event: MouseEvent | FormEvent) => event.preventDefault();

/**
 * `/termsOfUs`: the help centre with the static Terms of Use (sections 1-10, March 5, 2024).
 * Plain elements styled by app/shop.css (`.dk-help`), like the other shoppers' pages: no MUI.
 */
export function TermsPage() {
  const { t } = useTranslation('help');
  const { t: tCommon } = useTranslation();
  const searchId = useId();
  const topicsId = useId();
  useDocumentTitle(tCommon('pageTitle', { page: t('title') }));
  const sections = t('sections', { returnObjects: true });

  return (
    <div className="dk-help">
      <div className="dk-help__hero">
        <p className="dk-help__kicker">{t('helpCenter')}</p>
        <p className="dk-help__intro">{t('intro')}</p>
        <form role="search" aria-label={t('searchLandmark')} onSubmit={doNothing} className="dk-help__search">
          <label htmlFor={searchId} className="dk-visually-hidden">
            {t('searchLabel')}
          </label>
          <input id={searchId} type="search" placeholder={t('searchPlaceholder')} className="dk-help__search-input" />
          <button type="submit" className="dk-icon-button dk-help__search-submit">
            <Icon name="search" />
            <span className="dk-visually-hidden">{t('searchSubmit')}</span>
          </button>
        </form>
        <nav aria-label={t('quickLinksLabel')}>
          <ul className="dk-help__quick-links">
            {QUICK_LINKS.map((key) => (
              <li key={key}>
                <a href="#" onClick={doNothing} className="dk-help__quick-link">
                  {t(`quickLinks.${key}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>

      <div className="dk-help__body">
        {/* The article comes first in the document (its h1 leads), the topics first on screen. */}
        <article className="dk-help__article">
          <h1 className="dk-page-title">{t('title')}</h1>
          <p className="dk-muted dk-help__updated">{t('lastUpdated')}</p>
          <p className="dk-help__paragraph dk-help__preamble">{t('preamble')}</p>
          {sections.map((section) => (
            <section key={section.title} className="dk-help__section">
              <h2 className="dk-help__section-title">{section.title}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph} className="dk-help__paragraph">
                  {paragraph}
                </p>
              ))}
            </section>
          ))}
        </article>
        <aside aria-labelledby={topicsId} className="dk-help__topics">
          <h2 id={topicsId} className="dk-help__topics-title">
            {t('topicsTitle')}
          </h2>
          <ul className="dk-help__topic-list">
            {t('topics', { returnObjects: true }).map((topic) => (
              <li key={topic}>
                <a href="#" onClick={doNothing} className="dk-help__topic">
                  {topic}
                </a>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </div>
  );
}
