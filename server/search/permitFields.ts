/**
 * How the fields of a permit search (SPEC §3 permit search row, SPEC §9 weights) map to the
 * columns of `permits`. Only these fields can be searched, filtered or sorted on.
 */

/** Exact-value fields (term, terms, exists); `.keyword` variants name the same column. */
export const KEYWORD_FIELDS: Record<string, { column: string; type: 'text' | 'int' }> = {
  State: { column: 'p.state', type: 'text' },
  LocationId: { column: 'p.location_id', type: 'int' },
  SiteId: { column: 'p.site_id', type: 'int' },
  CreatedBy: { column: 'p.created_by', type: 'int' },
  PermitInstanceId: { column: 'p.permit_instance_id', type: 'text' },
  PermitDefinitionId: { column: 'p.permit_definition_id', type: 'text' },
  PermitInstanceReferenceId: { column: 'p.reference_id', type: 'text' },
  workOrderNumber: { column: 'p.work_order_number', type: 'text' },
  assetNumber: { column: 'p.asset_number', type: 'text' },
  companyName: { column: 'p.company_name', type: 'text' },
  permitIssuer: { column: 'p.permit_issuer', type: 'text' },
  permitReceiver: { column: 'p.permit_receiver', type: 'text' },
  workDate: { column: 'p.work_date', type: 'text' },
};

/** The permit's types are a list of {Name, Label}: a term on permitTypes.Name matches any of them. */
export const PERMIT_TYPE_FIELD = 'permitTypes.Name';

/** The text of each field a search term can look in. */
export const TEXT_FIELDS: Record<string, string> = {
  PermitInstanceReferenceId: 'p.reference_id',
  workLocation: 'p.work_location',
  permitIssuer: 'p.permit_issuer',
  assetNumber: 'p.asset_number',
  workDescription: `coalesce(jsonb_path_query_array(p.work_description, '$[*].workDescription')::text, '')`,
  assetDescription: 'p.asset_description',
  companyName: 'p.company_name',
  permitReceiver: 'p.permit_receiver',
  workOrderNumber: 'p.work_order_number',
};

/**
 * The relevance weights of SPEC §9, in the order they rank. These six are also the fields of
 * `permits.search_text` (migration 005), whose trigram index finds a term's candidates.
 */
export const SEARCH_WEIGHTS = {
  PermitInstanceReferenceId: 6,
  workLocation: 5,
  permitIssuer: 4,
  assetNumber: 3,
  workDescription: 2,
  assetDescription: 1,
} as const;

/** Date and time fields a range can bound. workDate is a YYYY-MM-DD text, compared as such. */
export const RANGE_FIELDS: Record<string, { column: string; type: 'timestamp' | 'date' }> = {
  CreatedOn: { column: 'p.created_on', type: 'timestamp' },
  DateChanged: { column: 'p.date_changed', type: 'timestamp' },
  EffectiveDate: { column: 'p.effective_date', type: 'timestamp' },
  workDate: { column: 'p.work_date', type: 'date' },
};

/** Fields a result can be sorted by (besides _score); the column is read from the ranked window `h`. */
export const SORT_FIELDS: Record<string, string> = {
  CreatedOn: 'created_on',
  DateChanged: 'date_changed',
  PermitInstanceReferenceId: 'reference_id',
  State: 'state',
  workDate: 'work_date',
  LocationId: 'location_id',
};

/** Elasticsearch's default max_result_window: totals are exact up to it, then reported as "gte". */
export const RESULT_WINDOW = 10_000;
