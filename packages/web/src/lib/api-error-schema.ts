/** The API's error envelope (contract errors.ts), split out so api.ts can load it when a call fails. */
export { ZApiError } from '@shopdesk/contract';
