import { ORDER_MESSAGES, ORDER_REASON_MAX, type TMessage } from '@shopdesk/contract';
import { Input, Modal, Radio, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../lib/message-text';

const OTHER = '__other__';

/**
 * Asks a reason before rejecting, canceling or blocking: one of `presets` (the contract's
 * ORDER_REASON_PRESETS; stored in zh-TW) or free text of at most ORDER_REASON_MAX characters. Used by the
 * POS board (`large`, for fingers on a tablet) and the order drawer. `onOk` may answer false to keep the
 * dialog open (a failed call); anything else closes it.
 */
export const ReasonDialog = ({
  open,
  title,
  presets,
  onOk,
  onCancel,
  large = false,
}: {
  open: boolean;
  title: string;
  presets: readonly TMessage[];
  // biome-ignore lint/suspicious/noConfusingVoidType: a caller that never keeps the dialog open returns nothing
  onOk: (reason: string) => Promise<boolean | undefined> | boolean | undefined | void;
  onCancel: () => void;
  large?: boolean;
}) => {
  const { t } = useTranslation();
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

  const ok = async () => {
    // nothing chosen: the prompt's own words; "other" chosen but left empty: asked to write it
    if (choice === '') return setError(text(ORDER_MESSAGES.reasonChoose));
    const reason = (choice === OTHER ? other : choice).trim();
    if (!reason) return setError(text(ORDER_MESSAGES.reasonRequired));
    if (reason.length > ORDER_REASON_MAX) return setError(text(ORDER_MESSAGES.reasonTooLong));
    setBusy(true);
    try {
      if ((await onOk(reason)) !== false) onCancel();
    } finally {
      setBusy(false);
    }
  };
  const size = large ? 'large' : undefined;

  return (
    <Modal
      open={open}
      title={title}
      okText={t('ok')}
      cancelText={t('cancel')}
      okButtonProps={{ danger: true, size }}
      cancelButtonProps={{ size }}
      onOk={ok}
      onCancel={onCancel}
      confirmLoading={busy}
      destroyOnHidden
    >
      {presets.length ? (
        <>
          <Typography.Text strong>{text(ORDER_MESSAGES.reasonChoose)}</Typography.Text>
          <Radio.Group
            value={choice}
            onChange={(e) => {
              setChoice(e.target.value as string);
              setError(null);
            }}
            style={{ display: 'block', marginTop: 12 }}
          >
            <Space direction="vertical" size={large ? 'middle' : 'small'}>
              {presets.map((p) => (
                <Radio key={p.zh} value={p.zh} style={large ? { fontSize: 16 } : undefined}>
                  {text(p)}
                </Radio>
              ))}
              <Radio value={OTHER} style={large ? { fontSize: 16 } : undefined}>
                {t('reasonOther')}
              </Radio>
            </Space>
          </Radio.Group>
        </>
      ) : null}
      {choice === OTHER ? (
        <Input.TextArea
          autoFocus
          aria-label={t('reasonField')}
          value={other}
          maxLength={ORDER_REASON_MAX}
          showCount
          placeholder={t('reasonPlaceholder')}
          onChange={(e) => {
            setOther(e.target.value);
            setError(null);
          }}
          style={{ marginTop: 12 }}
        />
      ) : null}
      {error ? (
        <Typography.Text type="danger" role="alert" style={{ display: 'block', marginTop: 8 }}>
          {error}
        </Typography.Text>
      ) : null}
    </Modal>
  );
};
