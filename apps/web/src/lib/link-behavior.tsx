import { type Ref } from 'react';
import { Link as RouterLink, type LinkProps as RouterLinkProps } from 'react-router';

type LinkBehaviorProps = Omit<RouterLinkProps, 'to'> & {
  href: RouterLinkProps['to'];
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * MUI's `Link` and `ButtonBase` render this for `href`, so `<Button href="/cart">` navigates
 * on the client. In-page and placeholder links (`#...`) and other origins stay plain anchors.
 */
export function LinkBehavior({ href, ref, ...other }: LinkBehaviorProps) {
  if (typeof href === 'string' && (href.startsWith('#') || /^[a-z][a-z\d+.-]*:/i.test(href))) {
    return <a ref={ref} href={href} {...other} />;
  }
  return <RouterLink ref={ref} to={href} {...other} />;
}
