import { loadToasts } from '../../lib/notify';

const SIGN_IN_TOAST_ID = 'wishlist-sign-in';

/**
 * A toast telling a guest to sign in, with a link to /login (followed in the app, so the sign-in
 * page can bring the shopper back). react-hot-toast loads with the first toast (`loadToasts`).
 * Plain elements (styled by app/shop.css): a product card's heart, on any page, can raise it.
 */
export async function showSignInToast(message: string, linkText: string, onSignIn: () => void): Promise<void> {
  const { toast } = await loadToasts();
  toast(
    (shown) => (
      <span>
        {`${message} `}
        {/* A plain <a>: toasts render outside the router. */}
        <a
          className="dk-toast-link"
          href="/login"
          onClick={(event) => {
            event.preventDefault();
            toast.dismiss(shown.id);
            onSignIn();
          }}
        >
          {linkText}
        </a>
      </span>
    ),
    { id: SIGN_IN_TOAST_ID },
  );
}
