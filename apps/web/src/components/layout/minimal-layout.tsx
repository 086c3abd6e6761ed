import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';

import { useToday } from '../../lib/use-today';
import { PageFallback } from '../page-fallback';

import { FocusKeeper } from './focus-keeper';
import { LanguageMenu } from './language-menu';
import { Logo } from './logo';

/**
 * The frame of the pages outside the main layout: sign in, register, password reset, phone
 * verification. Plain elements styled by app/shop.css (decision 0027).
 */
export function MinimalLayout() {
  const { t } = useTranslation();
  const year = useToday().getFullYear();
  return (
    <div className="dk-minimal">
      <FocusKeeper />
      <header className="dk-minimal__header">
        <Logo />
        <LanguageMenu />
      </header>
      <main className="dk-minimal__main">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="dk-minimal__footer">
        <p>{t('footer.copyright', { year })}</p>
      </footer>
    </div>
  );
}
