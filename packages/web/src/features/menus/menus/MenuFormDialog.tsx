import { ZNames } from '@shopdesk/contract';
import { Col, Form, type FormInstance, Input, Modal, Row } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../lib/form-rules';
import { notify } from '../../../lib/notify';
import { formChangedNow, useFormChanged, useMenuCloseGuard } from './form-changed';

/** The values each dialog's form was last filled with: its edits are what differs from them. */
const filledWith = new WeakMap<FormInstance, object>();

/**
 * What every add-or-edit menu dialog shares: its form, filled from the item being edited (or the blank values)
 * each time the dialog opens, and a save that reports 已儲存 and closes, or shows the server's refusal.
 */
export const useMenuEditForm = <T extends object, E>({
  open,
  editing,
  initial,
  onClose,
}: {
  open: boolean;
  editing: E | null;
  initial: (editing: E | null) => T;
  onClose: () => void;
}) => {
  const { t } = useTranslation('menus');
  const [form] = Form.useForm<T>();
  const initialRef = useRef(initial);
  initialRef.current = initial;
  useEffect(() => {
    if (!open) return;
    const values = initialRef.current(editing);
    form.setFieldsValue(values as Parameters<typeof form.setFieldsValue>[0]);
    filledWith.set(form, values);
  }, [open, editing, form]);
  const save = async <R,>(write: () => Promise<R>): Promise<R | undefined> => {
    try {
      const saved = await write();
      notify.success(t('saved'));
      onClose();
      return saved;
    } catch (err) {
      notify.apiError(err);
      return undefined;
    }
  };
  return { form, save };
};

/** The dialog every menu editor form uses: a modal around a vertical form, saved with the OK button. */
export const MenuFormDialog = <T extends object>({
  open,
  title,
  form,
  name,
  saving,
  onClose,
  onFinish,
  children,
}: {
  open: boolean;
  title: string;
  form: FormInstance<T>;
  name: string;
  saving: boolean;
  onClose: () => void;
  onFinish: (values: T) => void;
  children: ReactNode;
}) => {
  const { t } = useTranslation('menus');
  // closing with unsaved edits asks first, as the settings page does (console.md "leaving unsaved work")
  const changed = useFormChanged(form, open ? filledWith.get(form) : null);
  const { confirmClose, holder } = useMenuCloseGuard(
    open && changed,
    () => open && formChangedNow(form, filledWith.get(form)),
  );
  return (
    <>
      {holder}
      <Modal
        open={open}
        title={title}
        okText={t('save')}
        cancelText={t('cancel')}
        onCancel={() => confirmClose(onClose)}
        onOk={() => form.submit()}
        confirmLoading={saving}
        destroyOnHidden
      >
        <Form form={form} name={name} layout="vertical" onFinish={onFinish}>
          {children}
        </Form>
      </Modal>
    </>
  );
};

/** A menu item's names: zh-TW required, English optional (the spec's nameArr), side by side or stacked. */
export const NameFields = ({
  sideBySide = true,
  placeholders,
}: {
  sideBySide?: boolean;
  placeholders?: { zh: string; en: string };
}) => {
  const { t, i18n } = useTranslation('menus');
  const zh = (
    <Form.Item name="zh" label={t('nameZh')} required rules={[zodRule(ZNames.shape.zh, i18n.language)]}>
      <Input maxLength={50} autoFocus placeholder={placeholders?.zh} />
    </Form.Item>
  );
  const en = (
    <Form.Item name="en" label={t('nameEn')}>
      <Input maxLength={50} placeholder={placeholders?.en} />
    </Form.Item>
  );
  if (!sideBySide)
    return (
      <>
        {zh}
        {en}
      </>
    );
  return (
    <Row gutter={12}>
      <Col span={12}>{zh}</Col>
      <Col span={12}>{en}</Col>
    </Row>
  );
};
