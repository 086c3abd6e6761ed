import Box from '@mui/material/Box';
import Link from '@mui/material/Link';

const SIGN_IN_TOAST_ID = 'wishlist-sign-in';

/**
 * A toast telling a guest to sign in, with a link to /login (followed in the app, so the sign-in
 * page can bring the shopper back). react-hot-toast loads with the
 * first toast, as `notify` does.
 */
export async function showSignInToast(message: string, linkText: string, onSignIn: () => void): Promise<void> {
  const { toast } = await import('react-hot-toast');
  toast(
    (shown) => (
      <Box component="span" sx={{ display: 'inline' }}>
        {`${message} `}
        {/* A plain <a>: toasts render outside the router, where the theme's router link cannot work. */}
        <Link
          component="a"
          href="/login"
          onClick={(event) => {
            event.preventDefault();
            toast.dismiss(shown.id);
            onSignIn();
          }}
          sx={{ fontWeight: 700, verticalAlign: 'baseline' }}
        >
          {linkText}
        </Link>
      </Box>
    ),
    { id: SIGN_IN_TOAST_ID },
  );
}
