import { useCallback } from 'react';
import { Toast, ToastBody, ToastTitle, useToastController, type ToastIntent } from '@fluentui/react-components';

/** The one Toaster of the app, mounted in main.tsx. */
export const TOASTER_ID = 'openpermit-toaster';

/**
 * Shows a short message in the app's toaster (success, error, info or warning). `detail`, when
 * given and different, adds the server's own sentence under a catalogue message (SPEC §8).
 */
export function useNotify(): (intent: ToastIntent, message: string, detail?: string) => void {
  const { dispatchToast } = useToastController(TOASTER_ID);
  return useCallback(
    (intent: ToastIntent, message: string, detail?: string) =>
      dispatchToast(
        <Toast>
          <ToastTitle>{message}</ToastTitle>
          {detail && detail !== message ? <ToastBody>{detail}</ToastBody> : null}
        </Toast>,
        { intent },
      ),
    [dispatchToast],
  );
}
