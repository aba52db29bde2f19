import {
  lineSpotRefused,
  LINE_SPOT_MESSAGES as M,
  type TFoundAddress,
  type TLineSpotRemote,
  type TLineSpotSi,
  type TLineSpotUpload,
} from '@shopdesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import { type Geocoder, GeocoderError } from '../../../adapters/geocoding';
import { type LineSpotApi, LineSpotError, type Spot } from '../../../adapters/line-spot';
import type { Db } from '../../../db/client';
import { ApiError } from '../../../http/errors';
import type { SessionUser } from '../../../identity/session-store';
import { findEntry, forgetUpload, saveUpload, shopExists } from './line-spot-store';

/**
 * The store directory tool (spec 000 §2, §7 Directory and tools). Each call goes to LINE SPOT while the
 * operator waits (docs/decisions/chat.md "Store directory: LINE SPOT": the page shows the directory's answer),
 * and our record of uploads follows what LINE SPOT answered.
 */
export type LineSpotDeps = {
  db: Db;
  directory: LineSpotApi | null;
  geocoder: Geocoder | null;
  log: FastifyBaseLogger;
};

const directoryOf = (d: LineSpotDeps) => {
  if (!d.directory) throw new ApiError(503, 'LINE_SPOT_NOT_CONFIGURED', M.notConfigured);
  return d.directory;
};

/** LINE SPOT's errors as ours: its refusals (a field, an unknown SI) are 422 with its reason; the rest 502. */
const asApiError = (err: unknown, log: FastifyBaseLogger): never => {
  if (err instanceof LineSpotError) {
    if (err.status === 400 || (err.status === 404 && err.code === 'PROVIDER_NOT_FOUND'))
      throw new ApiError(422, 'LINE_SPOT_REFUSED', lineSpotRefused(err.reason));
    log.warn({ status: err.status, code: err.code, reason: err.reason }, 'LINE SPOT call failed');
    throw new ApiError(502, 'LINE_SPOT_UNAVAILABLE', M.unavailable);
  }
  throw err;
};

const toRemote = (s: Spot, id: number, si: TLineSpotSi): TLineSpotRemote => ({
  id,
  si,
  name: s.name,
  phone: s.phone,
  address: s.address,
  lat: s.location?.latitude ?? null,
  lng: s.location?.longitude ?? null,
  updatedAt: s.updatedAt,
});

/** spec 000 §2 "convert the address through a maps service". */
export const findAddress = async (
  d: Pick<LineSpotDeps, 'geocoder' | 'log'>,
  address: string,
): Promise<TFoundAddress> => {
  if (!d.geocoder) throw new ApiError(503, 'GEOCODER_NOT_CONFIGURED', M.noGeocoder);
  let found: TFoundAddress | null;
  try {
    found = await d.geocoder.findAddress(address);
  } catch (err) {
    if (!(err instanceof GeocoderError)) throw err;
    d.log.warn({ reason: err.message }, 'address conversion failed');
    throw new ApiError(502, 'GEOCODER_UNAVAILABLE', M.geocoderDown);
  }
  if (!found) throw new ApiError(422, 'ADDRESS_NOT_FOUND', M.addressNotFound, 'address');
  return found;
};

export const directoryEntry = async (db: Db, id: number) => {
  const entry = await findEntry(db, id);
  if (!entry) throw new ApiError(404, 'NOT_FOUND', M.shopNotFound);
  return entry;
};

/** What LINE SPOT holds (null: not uploaded); our record of the shop follows it. */
export const lookupSpot = async (d: LineSpotDeps, si: TLineSpotSi, id: number) => {
  const directory = directoryOf(d);
  const spot = await directory.get(si, String(id)).catch((e) => asApiError(e, d.log));
  if (await shopExists(d.db, id)) {
    if (!spot) await forgetUpload(d.db, id, si);
    else
      await saveUpload(d.db, {
        accountId: id,
        si,
        name: spot.name,
        phone: spot.phone,
        address: spot.address,
        lat: spot.location?.latitude ?? null,
        lng: spot.location?.longitude ?? null,
        uploadedAt: new Date(spot.updatedAt),
        uploadedBy: null,
      });
  }
  return spot ? toRemote(spot, id, si) : null;
};

/** spec 000 §2 "upload with the original or converted address" under an SI. */
export const uploadSpot = async (d: LineSpotDeps, user: SessionUser, input: TLineSpotUpload) => {
  const directory = directoryOf(d);
  if (!(await shopExists(d.db, input.id))) throw new ApiError(404, 'NOT_FOUND', M.shopNotFound);
  const converted = input.useConvertedAddress ? await findAddress(d, input.address) : null;
  const address = converted?.address ?? input.address;
  const location = converted ? { latitude: converted.lat, longitude: converted.lng } : null;
  const spot = await directory
    .put(input.si, String(input.id), { name: input.name, phone: input.phone, address, location })
    .catch((e) => asApiError(e, d.log));
  await saveUpload(d.db, {
    accountId: input.id,
    si: input.si,
    name: spot.name,
    phone: spot.phone,
    address: spot.address,
    lat: spot.location?.latitude ?? null,
    lng: spot.location?.longitude ?? null,
    uploadedAt: new Date(spot.updatedAt),
    uploadedBy: user.id,
  });
  d.log.info({ accountId: input.id, si: input.si, converted: !!converted }, 'uploaded to LINE SPOT');
  return toRemote(spot, input.id, input.si);
};

/** spec 000 §8: removes the shop from LINE SPOT (after 確定要將商店號碼「{id}」從LINE SPOT中移除嗎？). */
export const removeSpot = async (d: LineSpotDeps, si: TLineSpotSi, id: number) => {
  const directory = directoryOf(d);
  const removed = await directory.remove(si, String(id)).catch((e) => asApiError(e, d.log));
  await forgetUpload(d.db, id, si);
  if (!removed) throw new ApiError(404, 'NOT_IN_DIRECTORY', M.notInDirectory);
  d.log.info({ accountId: id, si }, 'removed from LINE SPOT');
  return { id, si };
};
