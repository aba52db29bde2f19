import type { TTableQr } from '@shopdesk/contract';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { copyText } from './copy-text';
import type { TQrActions } from './QrTable';
import { labelledQrDataUrl, qrDataUrl, safeFileName, saveDataUrl } from './qr-images';
import { type TQrPortal, useDeleteQrcode } from './table-qr-queries';

const fileName = (prefix: string, row: TTableQr) =>
  `${prefix}-${row.qrType}-${safeFileName(row.tableNumber)}.png`;

/** The row buttons of spec 000 §2: delete, download image, download QR code, copy link (texts of §8). */
export const useQrActions = (type: TQrPortal, shopId: number, opts: { retail: boolean; size: number }) => {
  const { t } = useTranslation('tableQr');
  const deleter = useDeleteQrcode(type, shopId);
  const save = (made: Promise<string>, name: string) =>
    void made.then(
      (url) => saveDataUrl(url, name),
      () => notify.error(t('imageFailed')),
    );
  const actions: TQrActions = {
    remove: async (row) => {
      try {
        await deleter.remove(row.id);
        notify.success(t('deleted', { table: row.tableNumber }));
      } catch (err) {
        notify.apiError(err);
      }
    },
    // The table sign: QR at the chosen size with the table number under it.
    downloadImage: (row) =>
      save(
        labelledQrDataUrl(row.link, opts.size, t('imageLabel', { table: row.tableNumber })),
        fileName('table', row),
      ),
    downloadQr: (row) => save(qrDataUrl(row.link, opts.size), fileName('qrcode', row)),
    copy: async (row) => {
      if (!row.link) return notify.warning(t('noLink'));
      if (!(await copyText(row.link))) return notify.error(t('copyFailed'));
      notify.success(opts.retail ? t('retailCopied', { table: row.tableNumber }) : t('copied'));
    },
  };
  return actions;
};
