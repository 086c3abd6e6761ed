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
}

/**
 * A banner image with its overlay text. The text sits on a solid panel over the image from
 * `sm` up (readable whatever the picture), and under the image on narrow phones.
 */
export function PromoBanner({ image, title, text, headingLevel = 'h2', action, priority = false }: PromoBannerProps) {
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
        sx={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '16 / 5', objectFit: 'cover' }}
      />
      <Box
        sx={{
          position: { xs: 'static', sm: 'absolute' },
          insetInlineStart: { sm: 24, md: 48 },
          top: { sm: '50%' },
          transform: { sm: 'translateY(-50%)' },
          maxWidth: { sm: '55%', md: '45%' },
          bgcolor: 'rgba(255, 255, 255, 0.94)',
          color: 'text.primary',
          borderRadius: { sm: 3 },
          px: { xs: 2, md: 3.5 },
          py: { xs: 2, md: 3 },
          boxShadow: { sm: '0 8px 24px rgba(4, 30, 66, 0.15)' },
        }}
      >
        <Typography
          component={headingLevel}
          sx={{ fontWeight: 800, fontSize: { xs: '1.35rem', sm: '1.6rem', md: '2.1rem' }, lineHeight: 1.2 }}
        >
          {title}
        </Typography>
        {text ? <Typography sx={{ mt: 1, color: 'text.secondary', fontSize: { xs: '0.95rem', md: '1.05rem' } }}>{text}</Typography> : null}
        {action ? (
          <Button href={action.href} variant="contained" sx={{ mt: 2 }}>
            {action.label}
          </Button>
        ) : null}
      </Box>
    </Box>
  );
}
