import type { TOrderLimit, TOrderLimitData } from '@shopdesk/contract';
import { Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import { OrderLimitForm } from '../shop-time/OrderLimitFields';
import { checkDraft, type TLimitDraft, type TLimitErrors } from '../shop-time/order-limit-form';

type TProps = {
  /** null = closed. */
  start: { id: number | null; draft: TLimitDraft } | null;
  saving: boolean;
  /** The shop's limits: a second limit on the same slots is refused here too. */
  limits: readonly TOrderLimit[];
  onSubmit: (id: number | null, data: TOrderLimitData) => Promise<boolean>;
  onClose: () => void;
};

/** The add/edit dialog of the order-limit page (spec 002 §2 screen 8), checked with the contract's rules. */
export const OrderLimitDialog = ({ start, saving, limits, onSubmit, onClose }: TProps) => {
  const { t, i18n } = useTranslation('shopTime');
  const [draft, setDraft] = useState<TLimitDraft | null>(start?.draft ?? null);
  const [errors, setErrors] = useState<TLimitErrors>({});
  useEffect(() => {
    setDraft(start?.draft ?? null);
    setErrors({});
  }, [start]);

  const [ok, busy] = useOneAtATime(async () => {
    if (!start || !draft) return;
    const checked = checkDraft(draft, i18n.language, { limits, exceptId: start.id ?? undefined });
    if (!checked.ok) return setErrors(checked.errors);
    if (await onSubmit(start.id, checked.data)) onClose();
  });

  return (
    <Modal
      open={start !== null}
      title={start?.id ? t('dialogEdit') : t('dialogAdd')}
      onOk={ok}
      onCancel={onClose}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={busy || saving}
      destroyOnHidden
    >
      {draft && (
        <OrderLimitForm
          draft={draft}
          errors={errors}
          onChange={(next) => {
            setDraft(next);
            setErrors({});
          }}
        />
      )}
    </Modal>
  );
};
