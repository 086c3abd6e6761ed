import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { useDocumentTitle } from '../lib/use-document-title';

/**
 * What unknown routes and route errors show (spec section 2). `standalone` wraps it in its own
 * `<main>` for when the main layout itself could not render. Plain elements styled by
 * app/shop.css: the router's start-up code carries it (decision 0027).
 */
export function NotFoundPage({ standalone = false }: { standalone?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('pageTitle', { page: t('notFound.title') }));

  const Frame = standalone ? 'main' : 'section';
  return (
    <Frame className={standalone ? 'dk-not-found dk-not-found--standalone' : 'dk-not-found'}>
      <svg width="120" height="96" viewBox="0 0 120 96" aria-hidden="true" focusable="false">
        <rect x="14" y="26" width="92" height="62" rx="10" fill="#e6f1fc" />
        <path d="M38 26v-6a22 22 0 0 1 44 0v6" fill="none" stroke="#0071dc" strokeWidth="6" strokeLinecap="round" />
        <circle cx="46" cy="52" r="5" fill="#041e42" />
        <circle cx="74" cy="52" r="5" fill="#041e42" />
        <path d="M46 72q14-10 28 0" fill="none" stroke="#041e42" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <h1 className="dk-not-found__title">{t('notFound.title')}</h1>
      <p className="dk-not-found__text">{t('notFound.text')}</p>
      <button type="button" className="dk-button dk-button--contained dk-button--large" onClick={() => void navigate('/')}>
        {t('notFound.returnHome')}
      </button>
    </Frame>
  );
}
