import { useEffect } from 'react';
import { Toast, ToastBody, ToastTitle, Toaster, useToastController } from '@fluentui/react-components';
import { onNote, takeNotes } from './toaster';

const TOASTER_ID = 'openpermit-toaster';

/**
 * The app's one toaster, loaded by main.tsx with the first message (toaster.ts). It shows the
 * messages that waited for it, then each new one. The Toaster's own listeners are in place
 * before this effect runs (a child's effects run first), so none is dispatched into the void.
 */
export default function AppToaster() {
  const { dispatchToast } = useToastController(TOASTER_ID);
  useEffect(() => {
    const show = () => {
      for (const { intent, message, detail } of takeNotes()) {
        dispatchToast(
          <Toast>
            <ToastTitle>{message}</ToastTitle>
            {detail && detail !== message ? <ToastBody>{detail}</ToastBody> : null}
          </Toast>,
          { intent },
        );
      }
    };
    show();
    return onNote(show);
  }, [dispatchToast]);
  return <Toaster toasterId={TOASTER_ID} position="top-end" />;
}
