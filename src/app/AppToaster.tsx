import { Toaster } from '@fluentui/react-components';
import { TOASTER_ID } from './toaster';

/**
 * The app's one toaster. main.tsx loads it after the first render (React.lazy): the toast
 * machinery is not needed to paint the sign-in page or the dashboard (issue 13's budget).
 */
export default function AppToaster() {
  return <Toaster toasterId={TOASTER_ID} position="top-end" />;
}
