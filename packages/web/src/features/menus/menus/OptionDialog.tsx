import {
  createOptionOp,
  type TMenuOption,
  type TUserType,
  updateOptionOp,
  ZPriceDelta,
} from '@shopdesk/contract';
import { Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../lib/form-rules';
import { MenuFormDialog, NameFields, useMenuEditForm } from './MenuFormDialog';
import { useMenuWrite } from './menu-queries';

type TValues = { zh: string; en: string; priceDelta: number };

/** Add or edit one option: names and the price it adds (NT$, may be negative, e.g. a small cup). */
export const OptionDialog = ({
  type,
  accountId,
  groupId,
  editing,
  open,
  onClose,
}: {
  type: TUserType;
  accountId: number;
  groupId: number;
  editing: TMenuOption | null;
  open: boolean;
  onClose: () => void;
}) => {
  const { t, i18n } = useTranslation('menus');
  const create = useMenuWrite(createOptionOp, type, accountId);
  const update = useMenuWrite(updateOptionOp, type, accountId);
  const { form, save } = useMenuEditForm<TValues, TMenuOption>({
    open,
    editing,
    onClose,
    initial: (option) => ({
      zh: option?.names.zh ?? '',
      en: option?.names.en ?? '',
      priceDelta: option?.priceDelta ?? 0,
    }),
  });

  const submit = async (v: TValues) => {
    const body = { names: { zh: v.zh, en: v.en ?? '' }, priceDelta: v.priceDelta ?? 0 };
    await save(() =>
      editing
        ? update.run({ params: { optionId: editing.id }, body })
        : create.run({ params: { groupId }, body }),
    );
  };

  return (
    <MenuFormDialog
      open={open}
      title={editing ? t('edit') : t('addOption')}
      form={form}
      name="menuOption"
      saving={create.isPending || update.isPending}
      onClose={onClose}
      onFinish={submit}
    >
      <NameFields />
      <Form.Item name="priceDelta" label={t('priceDelta')} rules={[zodRule(ZPriceDelta, i18n.language)]}>
        <InputNumber style={{ width: 160 }} />
      </Form.Item>
    </MenuFormDialog>
  );
};
