import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';

/** First focusable element of the page: lets keyboard users jump past the header. */
export function SkipLink({ targetId }: { targetId: string }) {
  const { t } = useTranslation();
  return (
    <Link
      href={`#${targetId}`}
      sx={{
        position: 'absolute',
        insetInlineStart: 8,
        top: -48,
        zIndex: 1500,
        px: 2,
        py: 1,
        bgcolor: 'background.paper',
        color: 'primary.dark',
        fontWeight: 700,
        borderRadius: 1,
        '&:focus': { top: 8 },
      }}
    >
      {t('skipToContent')}
    </Link>
  );
}
