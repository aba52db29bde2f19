import { z } from 'zod';
import { TEXT_MAX, zQueryId, zText } from '../../../common/bounds';
import { defineOperation } from '../../../common/operation';
import {
  LINE_SPOT_USERS,
  ZFoundAddress,
  ZLineSpotAddress,
  ZLineSpotEntry,
  ZLineSpotRemote,
  ZLineSpotSi,
  ZLineSpotUpload,
} from './line-spot';

// spec 000 §7 Directory and tools: GET /apis/find-address?address=
export const findAddressOp = defineOperation({
  method: 'GET',
  path: '/find-address',
  summary: 'Convert an address through the maps service (formatted address and point)',
  spec: '000 §7 Directory and tools',
  allow: LINE_SPOT_USERS,
  query: z.object({ address: ZLineSpotAddress }),
  response: z.object({ data: ZFoundAddress }),
});

// spec 000 §7 Directory and tools: GET /apis/business/{id}, the shop as a store directory entry (§3)
export const getDirectoryEntryOp = defineOperation({
  method: 'GET',
  path: '/business/:id',
  summary: 'A shop as a store directory entry: name, phone, address, uploaded or not',
  spec: '000 §7 Directory and tools',
  allow: LINE_SPOT_USERS,
  params: z.object({ id: zQueryId() }),
  response: z.object({ data: ZLineSpotEntry }),
});

/** Ours: the remote search of shops (spec 000 §2 "Remote search of shops"), by id or part of the name. */
export const LINE_SPOT_SEARCH_LIMIT = 20;
export const searchDirectoryShopsOp = defineOperation({
  method: 'GET',
  path: '/line-spot/shops',
  summary: 'Search shops by id or name for the store directory tool (empty: the uploaded ones)',
  spec: '000 §2 Store directory upload tool',
  allow: LINE_SPOT_USERS,
  query: z.object({ keyword: zText(TEXT_MAX.search).trim().optional() }),
  response: z.object({ data: z.array(ZLineSpotEntry) }),
});

// spec 000 §7: GET /apis/line-spot/si/{siName}/accounts/{id} (default siName quickclick)
export const lookupLineSpotOp = defineOperation({
  method: 'GET',
  path: '/line-spot/si/:siName/accounts/:id',
  summary: 'What LINE SPOT holds for a shop under an SI (data null: not uploaded)',
  spec: '000 §7 Directory and tools',
  allow: LINE_SPOT_USERS,
  params: z.object({ siName: ZLineSpotSi, id: zQueryId() }),
  response: z.object({ data: ZLineSpotRemote.nullable() }),
});

// spec 000 §7: POST /apis/line-spot body {data} including si
export const uploadLineSpotOp = defineOperation({
  method: 'POST',
  path: '/line-spot',
  summary: 'Upload a shop to LINE SPOT under an SI (original or converted address)',
  spec: '000 §7 Directory and tools',
  allow: LINE_SPOT_USERS,
  body: z.object({ data: ZLineSpotUpload }),
  response: z.object({ data: ZLineSpotRemote }),
});

// spec 000 §7: DELETE /apis/line-spot/si/{si}/accounts/{id}
export const deleteLineSpotOp = defineOperation({
  method: 'DELETE',
  path: '/line-spot/si/:si/accounts/:id',
  summary: 'Remove a shop from LINE SPOT under an SI',
  spec: '000 §7 Directory and tools',
  allow: LINE_SPOT_USERS,
  params: z.object({ si: ZLineSpotSi, id: zQueryId() }),
  response: z.object({ data: z.object({ id: z.number().int(), si: ZLineSpotSi }) }),
});
