import { ORDER_REASON_MAX, type TMessage } from '@shopdesk/contract';
import { Form, Input, Modal, Radio, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../lib/message-text';

const OTHER = '__other__';

/**
 * Asks a reason before rejecting, canceling or blocking: a preset (ORDER_REASON_PRESETS) or free text.
 * `onOk` answers whether the dialog may close (false keeps it open after a failed call).
 */
export const ReasonDialog = ({
  open,
  title,
  presets,
  onOk,
  onCancel,
}: {
  open: boolean;
  title: string;
  presets: readonly TMessage[];
  onOk: (reason: string) => Promise<boolean>;
  onCancel: () => void;
}) => {
  const { t } = useTranslation('orderSummary');
  const text = useMessageText();
  const [choice, setChoice] = useState<string>(presets.length ? '' : OTHER);
  const [other, setOther] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setChoice(presets.length ? '' : OTHER);
    setOther('');
    setError(null);
  }, [open, presets.length]);

  const reason = (choice === OTHER ? other : choice).trim();
  const ok = async () => {
    if (!reason) return setError(t('reasonRequired'));
    setBusy(true);
    try {
      if (await onOk(reason)) onCancel();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={t('confirm')}
      cancelText={t('cancel')}
      onOk={ok}
      onCancel={onCancel}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form layout="vertical">
        {presets.length ? (
          <Form.Item label={t('presets')}>
            <Radio.Group
              value={choice}
              onChange={(e) => {
                setChoice(e.target.value);
                setError(null);
              }}
            >
              <Space direction="vertical">
                {presets.map((p) => (
                  <Radio key={p.zh} value={p.zh}>
                    {text(p)}
                  </Radio>
                ))}
                <Radio value={OTHER}>{t('otherReason')}</Radio>
              </Space>
            </Radio.Group>
          </Form.Item>
        ) : null}
        {choice === OTHER ? (
          <Form.Item
            label={t('reason')}
            validateStatus={error ? 'error' : undefined}
            help={error ?? undefined}
          >
            <Input.TextArea
              aria-label={t('reason')}
              value={other}
              maxLength={ORDER_REASON_MAX}
              showCount
              placeholder={t('reasonPlaceholder')}
              onChange={(e) => {
                setOther(e.target.value);
                setError(null);
              }}
            />
          </Form.Item>
        ) : error ? (
          <Form.Item validateStatus="error" help={error} />
        ) : null}
      </Form>
    </Modal>
  );
};
