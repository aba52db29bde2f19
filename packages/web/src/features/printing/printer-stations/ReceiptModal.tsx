import { RECEIPT_TEMPLATES, type TStation } from '@shopdesk/contract';
import { Modal, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The receipt popup (spec 002 §2.11): the receipt layouts are listed, not wired; tickets use the default. */
export const ReceiptModal = ({ station, onClose }: { station: TStation; onClose: () => void }) => {
  const { t } = useTranslation('printerStations');
  return (
    <Modal open title={t('receiptModal', { name: station.name })} footer={null} onCancel={onClose}>
      <Typography.Paragraph type="secondary">{t('receiptHelp')}</Typography.Paragraph>
      <Radio.Group
        disabled
        value="default"
        options={RECEIPT_TEMPLATES.map((r) => ({ value: r.key, label: t(`receipt_${r.key}`) }))}
      />
    </Modal>
  );
};
