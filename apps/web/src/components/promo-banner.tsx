import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

export interface PromoBannerProps {
  /** A 1600 x 500 banner image without text (`/images/banners/{name}.svg`). */
  image: string;
  title: string;
  text?: string;
  /** Heading level of the title: the page's h1 on home, a section heading elsewhere. */
  headingLevel?: 'h1' | 'h2';
  action?: { label: string; href: string };
  /** The first banner of a page is its largest paint: load it eagerly and first. */
  priority?: boolean;
  /** `compact` for banners side by side (half width): smaller text, text under the image below `md`. */
  size?: 'large' | 'compact';
}

/**
 * A banner image with its overlay text. The text sits on a solid panel over the image from
 * `sm` up (readable whatever the picture), and under the image on narrow phones.
 */
export function PromoBanner({ image, title, text, headingLevel = 'h2', action, priority = false, size = 'large' }: PromoBannerProps) {
  const compact = size === 'compact';
  // Half-width banners are too low for an overlay until the two sit side by side at `lg`.
  const overlay = compact ? 'lg' : 'sm';
  return (
    <Box
      component="section"
      sx={{ position: 'relative', borderRadius: { xs: 2, md: 3 }, overflow: 'hidden', bgcolor: '#e6f1fc' }}
    >
      <Box
        component="img"
        src={image}
        alt=""
        width={1600}
        height={500}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
        sx={{
          display: 'block',
          width: '100%',
          height: 'auto',
          aspectRatio: '16 / 5',
          objectFit: 'cover',
          // The artwork (text-free) keeps its subject opposite the text panel: mirrored in Arabic.
          transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none'),
        }}
      />
      <Box
        sx={{
          position: { xs: 'static', [overlay]: 'absolute' },
          insetInlineStart: compact ? { lg: 20 } : { sm: 24, md: 48 },
          top: { [overlay]: '50%' },
          transform: { [overlay]: 'translateY(-50%)' },
          maxWidth: compact ? { lg: '50%' } : { sm: '55%', md: '45%' },
          bgcolor: 'rgba(255, 255, 255, 0.94)',
          color: 'text.primary',
          borderRadius: { [overlay]: 3 },
          px: compact ? 2 : { xs: 2, md: 3.5 },
          py: compact ? 1.5 : { xs: 2, md: 3 },
          boxShadow: { [overlay]: '0 8px 24px rgba(4, 30, 66, 0.15)' },
        }}
      >
        <Typography
          component={headingLevel}
          sx={{
            fontWeight: 800,
            fontSize: compact ? { xs: '1.2rem', md: '1.3rem' } : { xs: '1.35rem', sm: '1.6rem', md: '2.1rem' },
            lineHeight: 1.2,
          }}
        >
          {title}
        </Typography>
        {text ? (
          <Typography sx={{ mt: compact ? 0.5 : 1, color: 'text.secondary', fontSize: compact ? '0.9rem' : { xs: '0.95rem', md: '1.05rem' } }}>
            {text}
          </Typography>
        ) : null}
        {action ? (
          <Button href={action.href} variant="contained" size={compact ? 'small' : 'medium'} sx={{ mt: compact ? 1.5 : 2 }}>
            {action.label}
          </Button>
        ) : null}
      </Box>
    </Box>
  );
}
