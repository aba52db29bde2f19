/**
 * The contract's zh → en message map, split out so form-rules can load it with the schema: the contract
 * module that holds it also builds the API error schema (zod), which the login route's first load omits.
 */
export { englishFor } from '@shopdesk/contract';
