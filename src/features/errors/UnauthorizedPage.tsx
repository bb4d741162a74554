import { useAppData } from '../../app/startup/appData';
import { UnauthorizedView } from './UnauthorizedView';

/** /unauthorized inside the app shell: where a missing ability sends the user (SPEC §6). */
export function UnauthorizedPage() {
  return <UnauthorizedView serviceDeskEmail={useAppData().data.settings.serviceDeskEmail} />;
}
