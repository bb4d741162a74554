import { Navigate, useLocation } from 'react-router-dom';
import { newId } from '../../../replication/outbox';

/** /permits/create (SPEC §2): a new draft id, keeping the query and the state (a work order carried in from the list). */
export function CreatePermitRedirect() {
  const location = useLocation();
  return <Navigate to={{ pathname: `/permits/draft/${newId()}`, search: location.search }} state={location.state as unknown} replace />;
}
