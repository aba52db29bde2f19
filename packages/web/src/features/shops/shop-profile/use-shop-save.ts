import {
  SHOP_PROFILE_MESSAGES as M,
  needsZeroThresholdConfirm,
  type TBusinessData,
  type TLabelPrinter,
  type TMessage,
  type TShopPageType,
  validateBusiness,
} from '@shopdesk/contract';
import { type FormInstance, Modal } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiClientError } from '../../../lib/api';
import { useErrorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import { useSaveLabelPrinter, useSaveShop } from './shop-profile-queries';

type Args = {
  type: TShopPageType;
  id: number;
  form: FormInstance<TBusinessData>;
  collect: () => TBusinessData;
  text: (m: TMessage) => string;
  labels: { now: TLabelPrinter | undefined; saved: TLabelPrinter | undefined };
  onSaved: (data: TBusinessData) => void;
};

/**
 * The "confirm edit" flow (spec 000 §5, §8): the contract's rules once more (a broken rule on a field this
 * type does not see still stops the save), the zero-threshold confirmation, PUT the whole shop, then the
 * label printer with its own call (a failure there is only logged, spec 000 §8); 修改成功 / 修改失敗.
 * Save is disabled while saving (spec 000 §4).
 */
export const useShopSave = ({ type, id, form, collect, text, labels, onSaved }: Args) => {
  const { t } = useTranslation('shopProfile');
  const [modal, modalHolder] = Modal.useModal();
  const errorText = useErrorText();
  const saveShop = useSaveShop(type, id);
  const saveLabels = useSaveLabelPrinter(type, id);
  const [saving, setSaving] = useState(false);
  const busy = useRef(false);

  const confirmZero = () =>
    modal.confirm({ title: text(M.zeroThresholdConfirm), okText: t('save'), cancelText: t('cancel') }).then(
      (ok) => ok,
      () => false,
    );

  const run = async (data: TBusinessData) => {
    try {
      const saved = await saveShop.mutateAsync({
        params: { type, businessId: id },
        body: { businessData: data },
      });
      onSaved(saved.businessData);
    } catch (err) {
      notify.card('error', t('saveFailed'), errorText(err));
      if (err instanceof ApiClientError && err.field) {
        form.setFields([{ name: err.field.split('.') as never, errors: [errorText(err)] }]);
      }
      return;
    }
    if (labels.now && JSON.stringify(labels.now) !== JSON.stringify(labels.saved)) {
      await saveLabels
        .mutateAsync({ params: { type, businessId: id }, body: labels.now })
        .catch((err: unknown) => {
          console.error('label printer update failed', err);
        });
    }
    notify.success(t('saved'));
  };

  const submit = async () => {
    if (busy.current) return;
    busy.current = true;
    setSaving(true);
    try {
      const data = collect();
      const broken = validateBusiness(data);
      if (broken) {
        notify.error(text(broken.message));
        return;
      }
      if (needsZeroThresholdConfirm(data) && !(await confirmZero())) return;
      await run(data);
    } finally {
      busy.current = false;
      setSaving(false);
    }
  };

  return { submit, saving, modalHolder };
};
