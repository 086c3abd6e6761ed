import { Toaster } from 'react-hot-toast';

/** Spec section 9: toasts at the top centre; success 2 s, error / blank / custom 4 s, loading until dismissed. */
export const TOAST_DURATIONS = { success: 2000, error: 4000, blank: 4000, custom: 4000, loading: Infinity } as const;

/**
 * The toast container: container offset 16px, toasts at most 350px wide, 8px apart. react-hot-toast's
 * own defaults give the rest of section 9: at most 20 visible, removed 1000 ms after dismissal.
 */
export default function AppToaster() {
  return (
    <Toaster
      position="top-center"
      gutter={8}
      containerStyle={{ inset: 16 }}
      toastOptions={{
        style: { maxWidth: 350 },
        success: { duration: TOAST_DURATIONS.success },
        error: { duration: TOAST_DURATIONS.error },
        blank: { duration: TOAST_DURATIONS.blank },
        custom: { duration: TOAST_DURATIONS.custom },
        loading: { duration: TOAST_DURATIONS.loading },
      }}
    />
  );
}
