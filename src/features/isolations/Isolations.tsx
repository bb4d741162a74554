import { useParams } from 'react-router-dom';
import { CreateIsolationPage } from './CreateIsolationPage';
import { EditIsolationPage } from './EditIsolationPage';
import { IsolationListPage } from './IsolationListPage';
import { IsolationPage } from './IsolationPage';

/**
 * The isolation screens under /isolations, loaded together with their one route. Chosen here by
 * the rest of the address, not by react-router's <Routes>: the app's router is in every device's
 * first load (issue 13), and whatever of it a screen uses goes there with it (~0.5 KB gzip for <Routes>).
 */
export function Isolations() {
  const rest = useParams()['*'] ?? '';
  if (rest === '') return <IsolationListPage />;
  if (rest === 'create') return <CreateIsolationPage />;
  if (rest.endsWith('/edit')) return <EditIsolationPage isolationId={rest.slice(0, -'/edit'.length)} />;
  return <IsolationPage isolationId={rest} />;
}
