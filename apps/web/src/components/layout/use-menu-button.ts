import { type MouseEvent, useId, useState } from 'react';

/**
 * The state and ARIA wiring of a header button that opens a lazily loaded menu: `preload` starts
 * fetching the menu's code on hover or focus, the first click mounts it (`used`), and it stays
 * mounted afterwards so that it can animate closed. Spread `buttonProps` on the button and give
 * the menu `menuId`, `buttonId` (its label), `anchor` and `close`.
 */
export function useMenuButton(preload: () => unknown) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  const menuId = useId();
  const buttonId = useId();
  return {
    anchor,
    used,
    menuId,
    buttonId,
    close: () => setAnchor(null),
    buttonProps: {
      id: buttonId,
      'aria-haspopup': 'menu' as const,
      'aria-controls': anchor ? menuId : undefined,
      'aria-expanded': anchor ? ('true' as const) : undefined,
      onPointerEnter: () => void preload(),
      onFocus: () => void preload(),
      onClick: (event: MouseEvent<HTMLElement>) => {
        setUsed(true);
        setAnchor(event.currentTarget);
      },
    },
  };
}
