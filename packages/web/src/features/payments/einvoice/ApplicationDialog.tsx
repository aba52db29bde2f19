import { type TInvoiceApplication, ZInvoiceApplication } from '@shopdesk/contract';
import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text';
import { zodRule } from '../../../lib/form-rules';
import { notify } from '../../../lib/notify';
import { useShopPrinters } from '../../printing/printers/printer-queries';
import { useInvoiceWrites } from './einvoice-queries';

const S = ZInvoiceApplication.shape;
const P = S.printer.shape;

/** The picker of the shop's printers (gaa may list them); an empty option first (spec 001 §5). */
const PrinterPick = ({
  accountId,
  onPick,
}: {
  accountId: number;
  onPick: (sn: string, did: string) => void;
}) => {
  const { t } = useTranslation('einvoice');
  const printers = useShopPrinters(accountId);
  return (
    <Select
      allowClear
      placeholder={t('printerPick')}
      options={[
        { value: '', label: '—' },
        ...(printers.data?.printers ?? []).map((p) => ({ value: p.did, label: `${p.name}（${p.sn}）` })),
      ]}
      onChange={(did) => {
        const p = printers.data?.printers.find((x) => x.did === did);
        onPick(p?.sn ?? '', p?.did ?? '');
      }}
    />
  );
};

/** The application popup 'e-invoice application' (spec 001 §2.7, §5): cancel and send; 開通成功 / 開通失敗. */
export const ApplicationDialog = ({
  accountId,
  open,
  onClose,
  canPickPrinter,
  initial,
}: {
  accountId: number;
  open: boolean;
  onClose: () => void;
  canPickPrinter: boolean;
  /** What the shop already has (its name, address and tax id): the form starts from it. */
  initial?: Partial<TInvoiceApplication>;
}) => {
  const { t, i18n } = useTranslation('einvoice');
  const [form] = Form.useForm<TInvoiceApplication>();
  const writes = useInvoiceWrites(accountId);
  const rule = (schema: Parameters<typeof zodRule>[0]) => [zodRule(schema, i18n.language)];
  const send = async () => {
    const values = await form.validateFields();
    try {
      await writes.apply(values);
      notify.success(t('activated'));
      onClose();
    } catch (err) {
      notify.card('error', t('activationFailed'), errorText(err));
    }
  };
  const field = (name: keyof typeof S, label: string, password = false) => (
    <Form.Item name={name} label={label} rules={rule(S[name])} required>
      {password ? <Input.Password autoComplete="new-password" /> : <Input />}
    </Form.Item>
  );
  return (
    <Modal
      open={open}
      title={t('apply')}
      okText={t('send')}
      cancelText={t('cancel')}
      onOk={send}
      onCancel={onClose}
      confirmLoading={writes.applying}
      destroyOnHidden
      width={640}
    >
      <Form form={form} layout="vertical" requiredMark initialValues={initial}>
        {field('appointedStoreName', t('appointedStoreName'))}
        {field('title', t('appTitle'))}
        {field('address', t('address'))}
        {field('sellerId', t('sellerId'))}
        {field('deviceId', t('deviceId'))}
        {field('edcId', t('edcId'))}
        {field('number', t('number'))}
        {field('user', t('user'))}
        {field('password', t('password'), true)}
        {canPickPrinter && (
          <Form.Item label={t('printer')}>
            <PrinterPick
              accountId={accountId}
              onPick={(sn, did) => form.setFieldsValue({ printer: { sn, did, name: '' } })}
            />
          </Form.Item>
        )}
        <Form.Item name={['printer', 'sn']} label={t('printerSn')} rules={rule(P.sn)} required>
          <Input />
        </Form.Item>
        <Form.Item name={['printer', 'did']} label={t('printerDid')} rules={rule(P.did)} required>
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
};
