import { messages } from '../../../domain/messages';

/** SPEC §8's empty-list text around its 'click here' link, which resets the filters. */
const [before = '', after = ''] = messages.workOrders.noFilterMatch.split('click here');
export const NO_MATCH_PREFIX = before;
export const NO_MATCH_SUFFIX = after;
