import { type ReactNode, useEffect, useId, useRef } from 'react';

import { Icon } from '../icons';

/**
 * The phone's filters (below 900 px): a modal `<dialog>`, which keeps the focus inside, closes on
 * Escape and gives the focus back to the 'Filters' button that opened it. Loaded when first opened.
 */
export default function AisleDialog({ title, closeLabel, onClose, children }: { title: string; closeLabel: string; onClose: () => void; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element || element.open) return undefined;
    // jsdom has no showModal(): the dialog is then merely open.
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
    return () => {
      if (element.open && typeof element.close === 'function') element.close();
    };
  }, []);
  return (
    // Escape closes the dialog itself; its `close` event tells the page, as the close button does.
    <dialog ref={dialog} className="dk-aisle-dialog" aria-labelledby={titleId} onClose={onClose}>
      <div className="dk-aisle-dialog__head">
        <h2 id={titleId} className="dk-aisle-dialog__title">
          {title}
        </h2>
        <button type="button" className="dk-icon-button" aria-label={closeLabel} onClick={onClose}>
          <Icon name="close" />
        </button>
      </div>
      {children}
    </dialog>
  );
}
