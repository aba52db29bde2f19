import {
  API_BASE,
  buildPath,
  createQrcodesOp,
  deleteQrcodeOp,
  excelJsonOp,
  excelUploadOp,
  listQrcodesOp,
  meOp,
  qrcodeExampleOp,
  qrcodeImportOp,
  type TCreateQrcodesRequest,
  type TQrImportRequest,
  type TShopPortal,
  ZApiError,
  ZUploadResponse,
} from '@shopdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ApiClientError, callApi, NETWORK_ERROR } from '../../../lib/api';
import { useApiMutation, useApiQuery } from '../../../lib/api-query';

/** The shop pages' portal types (contract shop-profile). */
export type TQrPortal = TShopPortal;

/** One key family per shop, so a create, delete or import refreshes exactly that shop's list. */
export const tableQrKeys = {
  all: ['table-qr'] as const,
  shop: (type: TQrPortal, id: number) => ['table-qr', type, id] as const,
};

export const useTableQrcodes = (type: TQrPortal, id: number) =>
  useApiQuery(
    listQrcodesOp,
    { params: { type, id } },
    { queryKey: tableQrKeys.shop(type, id), staleTime: 0 },
  );

const useRefresh = (type: TQrPortal, id: number) => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: tableQrKeys.shop(type, id) });
};

export const useCreateQrcodes = (type: TQrPortal, id: number) => {
  const refresh = useRefresh(type, id);
  const mutation = useApiMutation(createQrcodesOp, { onSuccess: refresh });
  return {
    ...mutation,
    create: (body: TCreateQrcodesRequest) => mutation.mutateAsync({ params: { type, id }, body }),
  };
};

export const useDeleteQrcode = (type: TQrPortal, id: number) => {
  const refresh = useRefresh(type, id);
  const mutation = useApiMutation(deleteQrcodeOp, { onSuccess: refresh });
  return { ...mutation, remove: (qrId: number) => mutation.mutateAsync({ params: { type, id: qrId } }) };
};

/** The sample spreadsheet: a plain link, the session cookie goes with it and the server names the file. */
export const sampleFileHref = (type: TQrPortal) => `${API_BASE}${buildPath(qrcodeExampleOp.path, { type })}`;

/**
 * spec 000 §7 spreadsheet service: multipart upload (field `excel`) → file_id. callApi speaks JSON only,
 * so the upload is its own fetch; its errors become ApiClientError like every other call.
 */
const uploadSpreadsheet = async (file: File): Promise<string> => {
  const form = new FormData();
  form.append('excel', file, file.name);
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${excelUploadOp.path}`, {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
    });
  } catch (err) {
    throw new ApiClientError({ status: 0, code: NETWORK_ERROR, message: (err as Error).message });
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    // spec 000 §4: a 401 on any call logs out. callApi owns that signal; asking /me lets it fire.
    if (res.status === 401) void callApi(meOp, {}).catch(() => {});
    const parsed = ZApiError.safeParse(body);
    if (parsed.success) throw new ApiClientError({ status: res.status, ...parsed.data.error });
    throw new ApiClientError({ status: res.status, code: `HTTP_${res.status}`, message: res.statusText });
  }
  return ZUploadResponse.parse(body).file_id;
};

/** Upload, parse, then hand the sheets to `check` before posting them (the server checks them again). */
export const useImportQrcodes = (type: TQrPortal, id: number) => {
  const refresh = useRefresh(type, id);
  const post = useApiMutation(qrcodeImportOp, { onSuccess: refresh });
  return {
    isPending: post.isPending,
    readFile: async (file: File) => {
      const fileId = await uploadSpreadsheet(file);
      return callApi(excelJsonOp, { params: { id: fileId } });
    },
    post: (body: TQrImportRequest) => post.mutateAsync({ params: { type, id }, body }),
  };
};
