import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { checkQrImport, type TTableQr, type TWebVersion } from '@shopdesk/contract';
import { Button, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiClientError, NETWORK_ERROR } from '../../../lib/api';
import { errorText } from '../../../lib/error-text';
import { useMessageText } from '../../../lib/message-text';
import { notify } from '../../../lib/notify';
import { sampleFileHref, type TQrPortal, useImportQrcodes } from './table-qr-queries';

/** The row a server refusal points at: its field is sheets.0.data.<index>.<column> (row 1 is the header). */
const rowOfField = (field: string | undefined) => {
  const m = field?.match(/^sheets\.0\.data\.(\d+)/);
  return m ? Number(m[1]) + 2 : undefined;
};

/**
 * spec 000 §2 batch import: upload an .xlsx, check it with the §5 rules (the same function the server
 * runs), then post the rows; one bad row and nothing is saved. The sample file comes from the server.
 */
export const QrImportCard = ({
  type,
  shopId,
  existing,
  webVersion,
}: {
  type: TQrPortal;
  shopId: number;
  existing: readonly TTableQr[];
  webVersion: TWebVersion;
}) => {
  const { t, i18n } = useTranslation('tableQr');
  const importer = useImportQrcodes(type, shopId);
  const [busy, setBusy] = useState(false);
  const text = useMessageText();
  const refused = (message: string, row: number | undefined) =>
    notify.card('error', message, row ? t('importRow', { row }) : undefined);

  const run = async (file: File) => {
    setBusy(true);
    try {
      let parsed: Awaited<ReturnType<typeof importer.readFile>>;
      try {
        parsed = await importer.readFile(file);
      } catch (err) {
        // spec 000 §8: the server's message_TW (our `message`), else its message, else 上傳失敗
        const known = err instanceof ApiClientError && err.code !== NETWORK_ERROR && !/^HTTP_/.test(err.code);
        notify.error(known ? errorText(err, i18n.language) : t('uploadFailed'));
        return;
      }
      const check = checkQrImport(parsed.sheets, existing, webVersion);
      if (!check.ok) {
        refused(text(check.problem.message), check.problem.row);
        return;
      }
      try {
        await importer.post({ sheets: parsed.sheets, webVersion });
        notify.success(t('importSuccess'));
      } catch (err) {
        refused(
          errorText(err, i18n.language),
          err instanceof ApiClientError ? rowOfField(err.field) : undefined,
        );
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space orientation="vertical" size={8}>
      <Typography.Text type="secondary">{t('importHint')}</Typography.Text>
      <Space wrap>
        <Upload
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          showUploadList={false}
          beforeUpload={(file) => {
            void run(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy}>
            {busy ? t('importing') : t('importButton')}
          </Button>
        </Upload>
        <Button icon={<DownloadOutlined />} href={sampleFileHref(type)} download>
          {t('sampleDownload')}
        </Button>
      </Space>
    </Space>
  );
};
