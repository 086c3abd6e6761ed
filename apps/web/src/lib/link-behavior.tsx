import { forwardRef } from 'react';
import { Link as RouterLink, type LinkProps as RouterLinkProps } from 'react-router';

type LinkBehaviorProps = Omit<RouterLinkProps, 'to'> & {
  href: RouterLinkProps['to'];
};

/**
 * MUI's `Link` and `ButtonBase` render this for `href`, so `<Button href="/cart">` navigates
 * on the client. In-page and placeholder links (`#...`) and other origins stay plain anchors.
 * `forwardRef`, not React 19's `ref` prop: Preact (decision 0021) passes a function component's
 * `ref` only through `forwardRef`.
 */
export const LinkBehavior = forwardRef<HTMLAnchorElement, LinkBehaviorProps>(function LinkBehavior({ href, ...other }, ref) {
  if (typeof href === 'string' && (href.startsWith('#') || /^[a-z][a-z\d+.-]*:/i.test(href))) {
    return <a ref={ref} href={href} {...other} />;
  }
  return <RouterLink ref={ref} to={href} {...other} />;
});
