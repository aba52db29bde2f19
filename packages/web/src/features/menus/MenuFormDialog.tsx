import { ZNames } from '@shopdesk/contract';
import { Col, Form, type FormInstance, Input, Modal, Row } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../lib/form-rules';

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
  return (
    <Modal
      open={open}
      title={title}
      okText={t('save')}
      cancelText={t('cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} name={name} layout="vertical" onFinish={onFinish}>
        {children}
      </Form>
    </Modal>
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
