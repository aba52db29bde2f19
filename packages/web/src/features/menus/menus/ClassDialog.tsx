import {
  createMenuClassOp,
  type TMenuClass,
  type TUserType,
  updateMenuClassOp,
  ZCreateMenuClassRequest,
  ZSku,
} from '@shopdesk/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../lib/form-rules';
import { MenuFormDialog, NameFields, useMenuEditForm } from './MenuFormDialog';
import { useMenuWrite } from './menu-queries';

type TValues = { sku: string; zh: string; en: string };

/** Add or edit a class (category): code and names in zh-TW and en (spec 002 §3 "sku, nameArr"). */
export const ClassDialog = ({
  type,
  accountId,
  editing,
  open,
  onClose,
  onSaved,
}: {
  type: TUserType;
  accountId: number;
  /** The class to edit; null adds one. */
  editing: TMenuClass | null;
  open: boolean;
  onClose: () => void;
  onSaved: (cls: TMenuClass) => void;
}) => {
  const { t, i18n } = useTranslation('menus');
  const create = useMenuWrite(createMenuClassOp, type, accountId);
  const update = useMenuWrite(updateMenuClassOp, type, accountId);
  const { form, save } = useMenuEditForm<TValues, TMenuClass>({
    open,
    editing,
    onClose,
    initial: (cls) => ({ sku: cls?.sku ?? '', zh: cls?.names.zh ?? '', en: cls?.names.en ?? '' }),
  });

  const submit = async (v: TValues) => {
    const names = { zh: v.zh, en: v.en ?? '' };
    const saved = await save(() =>
      editing
        ? update.run({ params: { classId: editing.id }, body: { sku: v.sku, names } })
        : create.run({ body: { sku: v.sku ?? '', names } }),
    );
    if (saved) onSaved(saved.class);
  };

  return (
    <MenuFormDialog
      open={open}
      title={editing ? t('editClass') : t('addClass')}
      form={form}
      name="menuClass"
      saving={create.isPending || update.isPending}
      onClose={onClose}
      onFinish={submit}
    >
      <NameFields sideBySide={false} />
      <Form.Item
        name="sku"
        label={t('sku')}
        extra={editing ? undefined : t('skuHint')}
        rules={[zodRule(editing ? ZSku : ZCreateMenuClassRequest.shape.sku, i18n.language)]}
      >
        <Input maxLength={32} />
      </Form.Item>
    </MenuFormDialog>
  );
};
