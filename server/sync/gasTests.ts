import { GAS_TESTS_COLUMNS, presentGasTests, type GasTestsRow } from '../gasTests/records';
import { toPage, type PageRow, type Source } from './page';

/**
 * Permits' gas tests (readings and suspensions, one document per permit) at the locations the
 * user may view; a permit that moves takes its document with it (021_gas_tests.sql restamps it).
 */
export const pullGasTests: Source = async (tx, scope, at, limit) => {
  const rows = await tx.query<GasTestsRow & PageRow>(
    `select ${GAS_TESTS_COLUMNS}, g.permit_instance_id as doc_id, sync_text(g.date_changed) as doc_date, not g.deleted as live, count(*) over () as total
       from gas_tests g
      where g.location_id = any($1::int[]) and (g.date_changed, g.permit_instance_id) > ($3::timestamptz, $4::text)
        and (not g.deleted or g.date_changed > $2::timestamptz)
      order by g.date_changed, g.permit_instance_id
      limit $5`,
    [scope.viewable, at.since, at.date, at.id, limit],
  );
  return toPage(rows, 'PermitInstanceId', presentGasTests);
};
