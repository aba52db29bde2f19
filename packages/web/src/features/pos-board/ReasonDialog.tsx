import {
  ORDER_ACTION_LABELS,
  ORDER_REASON_MAX,
  ORDER_REASON_PRESETS,
  type TBoardOrder,
  type TOrderAction,
} from '@shopdesk/contract';
import { Input, Modal, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { say } from './board-text';

const OTHER = 'other';

/** Reject and cancel ask a reason: the presets of the contract, or free text (at most 100 characters). */
export const ReasonDialog = ({
  target,
  onClose,
  onConfirm,
}: {
  target: { order: TBoardOrder; action: TOrderAction } | null;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) => {
  const { t, i18n } = useTranslation('posBoard');
  const [choice, setChoice] = useState<string | null>(null);
  const [other, setOther] = useState('');
  const [error, setError] = useState<string | null>(null);
  const lang = i18n.language;

  const reset = () => {
    setChoice(null);
    setOther('');
    setError(null);
  };
  const confirm = () => {
    const reason = (choice === OTHER ? other : (choice ?? '')).trim();
    if (!reason) return setError(t('reasonRequired'));
    if (reason.length > ORDER_REASON_MAX) return setError(t('reasonTooLong'));
    onConfirm(reason);
    reset();
  };

  return (
    <Modal
      open={target !== null}
      title={
        target
          ? t('reasonTitle', {
              action: say(ORDER_ACTION_LABELS[target.action], lang),
              serial: target.order.serial,
            })
          : ''
      }
      okText={t('confirm')}
      cancelText={t('close')}
      okButtonProps={{ danger: true, size: 'large' }}
      cancelButtonProps={{ size: 'large' }}
      onOk={confirm}
      onCancel={() => {
        reset();
        onClose();
      }}
      destroyOnHidden
    >
      <Typography.Text strong>{t('reasonLabel')}</Typography.Text>
      <Radio.Group
        value={choice}
        onChange={(e) => {
          setChoice(e.target.value as string);
          setError(null);
        }}
        style={{ display: 'block', marginTop: 12 }}
      >
        <Space direction="vertical" size="middle">
          {ORDER_REASON_PRESETS.map((p) => (
            <Radio key={p.zh} value={say(p, 'zh-TW')} style={{ fontSize: 16 }}>
              {say(p, lang)}
            </Radio>
          ))}
          <Radio value={OTHER} style={{ fontSize: 16 }}>
            {t('reasonOther')}
          </Radio>
        </Space>
      </Radio.Group>
      {choice === OTHER ? (
        <Input.TextArea
          autoFocus
          value={other}
          maxLength={ORDER_REASON_MAX}
          showCount
          placeholder={t('reasonOtherPlaceholder')}
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
