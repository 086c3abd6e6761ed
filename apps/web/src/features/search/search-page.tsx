import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { useDocumentTitle } from '../../lib/use-document-title';

/** `/search?q=`: the results arrive with the search issue. */
export function SearchPage() {
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  const { t } = useTranslation('shopping');
  const { t: tCommon } = useTranslation();
  const title = t('search.title', { q });
  useDocumentTitle(tCommon('pageTitle', { page: title }));

  return (
    <Box sx={{ py: 2 }}>
      <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 2 }}>{t('search.text')}</Typography>
    </Box>
  );
}
