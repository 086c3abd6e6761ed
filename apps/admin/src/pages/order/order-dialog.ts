import type { AdminOrder } from '@dukkan/contracts/admin-orders';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { useTranslation } from 'react-i18next';

import { failureOf } from '../../app/errors';

/**
 * What the order page gives each of its dialogs. The page mounts a dialog afresh at each opening,
 * so the dialog starts from the order as it is then and keeps that while it closes, when the
 * API's answer has already changed the order.
 */
export interface OrderDialogProps {
  order: AdminOrder;
  open: boolean;
  onClose: () => void;
  /** Once it has closed: focus goes back (`useFocusReturn`). */
  onExited: () => void;
}

/** A dialog's failure: the API's message inline (409 illegal move, 403 needs the owner, 502 refused or no answer from the provider...). */
export function useActionFailure() {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  return { error, failed: (cause: unknown) => setError(failureOf(cause).message || t('app.networkError')) };
}

/**
 * A dialog's action: the frame `ActionDialog` takes (open, its inline failure, close, exited), and
 * how the mutation's result ends it — the API's failure stays inline; success is said in a toast
 * and closes the dialog.
 */
export function useOrderAction({ open, onClose, onExited }: OrderDialogProps) {
  const { error, failed } = useActionFailure();
  return {
    frame: { open, error, onClose, onExited },
    finish(result: { error?: unknown }, done: () => string): void {
      if (result.error) {
        failed(result.error);
        return;
      }
      toast.success(done());
      onClose();
    },
  };
}
