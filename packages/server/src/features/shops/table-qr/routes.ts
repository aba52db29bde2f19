import {
  createQrcodesOp,
  deleteQrcodeOp,
  listQrcodesOp,
  qrcodeExampleOp,
  qrcodeImportOp,
  XLSX_MIME,
} from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client';
import { registerOperation } from '../../../http/operation';
import { publicBase } from '../../../http/public-base';
import { requirePortal } from '../../../plugins/app/shop-access';
import { createQrcodes, deleteQrcode, importQrcodes, listQrcodes } from './qrcode-service';
import { spreadsheetRoutes } from './spreadsheet-routes';
import { sampleWorkbook } from './workbook';

/** Table QR codes (spec 000 §2 "Table QR code screen", §7 Shops) and the spreadsheet service they import from. */
export const tableQrRoutes = async (app: FastifyInstance, opts: { db: Db }) => {
  const { db } = opts;

  registerOperation(app, listQrcodesOp, async (req) =>
    listQrcodes(db, requirePortal(req, req.params.type), req.params.id, publicBase(req)),
  );

  registerOperation(app, createQrcodesOp, async (req) =>
    createQrcodes(db, requirePortal(req, req.params.type), req.params.id, req.body, publicBase(req)),
  );

  registerOperation(app, qrcodeImportOp, async (req) =>
    importQrcodes(db, requirePortal(req, req.params.type), req.params.id, req.body, publicBase(req)),
  );

  registerOperation(app, deleteQrcodeOp, async (req) =>
    deleteQrcode(db, requirePortal(req, req.params.type), req.params.id),
  );

  registerOperation(app, qrcodeExampleOp, async (req, reply) => {
    requirePortal(req, req.params.type);
    const file = await sampleWorkbook();
    // RFC 5987 name for the Chinese file name, an ASCII one for old clients.
    reply
      .type(XLSX_MIME)
      .header(
        'content-disposition',
        `attachment; filename="table-qrcode-example.xlsx"; filename*=UTF-8''${encodeURIComponent('桌號匯入範例.xlsx')}`,
      );
    return reply.send(file);
  });

  await app.register(spreadsheetRoutes, { db });
};
