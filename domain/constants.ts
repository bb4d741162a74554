/** Business constants of SPEC §9. */
export const PRODUCT_NAME = 'OpenPermit';
export const COMPANY_NAME_DEFAULT = 'Demo Energy';
export const ROOT_LOCATION_ID = 0;
export const MENU_BREAKPOINT_PX = 960;
export const TOOLTIP_RESET_MS = 500;
export const USER_LIST_PAGE_SIZE = 50;
export const PERMIT_LIST_PAGE_SIZE = 10;
export const WORK_ORDER_LIST_PAGE_SIZE = 10;
export const WORK_ORDER_SEARCH_PAGE_SIZE = 20;
export const PERMIT_SEARCH_PAGE_SIZE = 20;
export const DRAFT_AUTOSAVE_MS = 20_000;
export const DRAFT_RETENTION_DAYS = 7;
export const PERMIT_CACHE_REFRESH_MS = 900_000;
export const LOCATION_METADATA_REFRESH_MS = 300_000;
export const MAX_SAVED_FILTERS = 10;
export const MAX_SEARCH_TERMS = 3;
export const REGISTRATION_PASSWORD_MIN = 6;
export const REGISTRATION_PASSWORD_MAX = 16;
/** Client event log (SPEC §9): flush when this many events wait, or every interval; at most flush-size per request; a batch is tried resend-limit times. */
export const EVENT_LOG = { bufferSize: 10, flushSize: 100, flushIntervalMs: 5000, resendLimit: 5, defaultLevel: 'info' } as const;
/** Size of the template search (SPEC §9). */
export const TEMPLATE_SEARCH_SIZE = 1000;
