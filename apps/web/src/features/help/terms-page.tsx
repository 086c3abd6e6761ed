import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { type FormEvent, type MouseEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';

import { useDocumentTitle } from '../../lib/use-document-title';
import { visuallyHidden } from '../../lib/visually-hidden';

const QUICK_LINKS = ['track', 'edit', 'returns'] as const;

// Spec section 2: on this page the help links and the help search do nothing (yet).
const doNothing = (event: MouseEvent | FormEvent) => event.preventDefault();

/** `/termsOfUs`: the help centre with the static Terms of Use (sections 1-10, March 5, 2024). */
export function TermsPage() {
  const { t } = useTranslation('help');
  const { t: tCommon } = useTranslation();
  const searchId = useId();
  const topicsId = useId();
  useDocumentTitle(tCommon('pageTitle', { page: t('title') }));
  const sections = t('sections', { returnObjects: true });

  return (
    <Box>
      <Box
        sx={{
          bgcolor: '#e6f1fc',
          borderRadius: 3,
          px: { xs: 2, md: 5 },
          py: { xs: 3, md: 4 },
          mb: { xs: 3, md: 5 },
          display: 'grid',
          gap: 2,
        }}
      >
        <Typography sx={{ fontWeight: 700, color: 'primary.dark' }}>{t('helpCenter')}</Typography>
        <Typography component="p" sx={{ fontSize: { xs: '1.4rem', md: '1.75rem' }, fontWeight: 800 }}>
          {t('intro')}
        </Typography>
        <Box
          component="form"
          role="search"
          aria-label={t('searchLandmark')}
          onSubmit={doNothing}
          sx={{
            display: 'flex',
            alignItems: 'center',
            maxWidth: 640,
            bgcolor: 'background.paper',
            borderRadius: 999,
            border: 1,
            borderColor: 'divider',
            paddingInlineStart: 2,
            height: 48,
          }}
        >
          <label htmlFor={searchId} style={visuallyHidden}>
            {t('searchLabel')}
          </label>
          <InputBase id={searchId} type="search" placeholder={t('searchPlaceholder')} sx={{ flex: 1, minWidth: 0 }} />
          <IconButton type="submit" color="primary" sx={{ m: 0.5 }}>
            <SearchIcon aria-hidden="true" />
            <span style={visuallyHidden}>{t('searchSubmit')}</span>
          </IconButton>
        </Box>
        <Box component="nav" aria-label={t('quickLinksLabel')}>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {QUICK_LINKS.map((key) => (
              <li key={key}>
                <Link
                  href="#"
                  onClick={doNothing}
                  underline="none"
                  sx={{
                    display: 'inline-block',
                    px: 2,
                    py: 1,
                    borderRadius: 999,
                    bgcolor: 'background.paper',
                    border: 1,
                    borderColor: 'divider',
                    color: 'text.primary',
                    fontWeight: 600,
                    '&:hover': { borderColor: 'primary.main' },
                  }}
                >
                  {t(`quickLinks.${key}`)}
                </Link>
              </li>
            ))}
          </Box>
        </Box>
      </Box>

      <Box sx={{ display: 'grid', gap: { xs: 4, md: 6 }, gridTemplateColumns: { md: '260px minmax(0, 1fr)' } }}>
        {/* The article comes first in the document (its h1 leads), the topics first on screen. */}
        <Box component="article" sx={{ order: { md: 2 }, maxWidth: 820 }}>
          <Typography variant="h1">{t('title')}</Typography>
          <Typography sx={{ color: 'text.secondary', mt: 1 }}>{t('lastUpdated')}</Typography>
          <Typography sx={{ mt: 3, lineHeight: 1.75 }}>{t('preamble')}</Typography>
          {sections.map((section) => (
            <Box component="section" key={section.title} sx={{ mt: 4 }}>
              <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
                {section.title}
              </Typography>
              {section.paragraphs.map((paragraph) => (
                <Typography key={paragraph} sx={{ lineHeight: 1.75, mb: 1.5 }}>
                  {paragraph}
                </Typography>
              ))}
            </Box>
          ))}
        </Box>
        <Box component="aside" aria-labelledby={topicsId} sx={{ order: { md: 1 } }}>
          <Typography variant="h2" id={topicsId} sx={{ fontSize: '1.1rem', mb: 1.5 }}>
            {t('topicsTitle')}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
            {t('topics', { returnObjects: true }).map((topic) => (
              <li key={topic}>
                <Link
                  href="#"
                  onClick={doNothing}
                  underline="hover"
                  sx={{ display: 'block', py: 0.75, color: 'text.primary', borderBottom: 1, borderColor: 'divider' }}
                >
                  {topic}
                </Link>
              </li>
            ))}
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
