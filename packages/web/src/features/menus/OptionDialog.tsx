import {
  createOptionOp,
  type TMenuOption,
  type TUserType,
  updateOptionOp,
  ZNames,
  ZPriceDelta,
} from '@shopdesk/contract';
import { Col, Form, Input, InputNumber, Modal, Row } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../lib/form-rules';
import { notify } from '../../lib/notify';
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
  const [form] = Form.useForm<TValues>();
  const create = useMenuWrite(createOptionOp, type, accountId);
  const update = useMenuWrite(updateOptionOp, type, accountId);

  useEffect(() => {
    if (open)
      form.setFieldsValue({
        zh: editing?.names.zh ?? '',
        en: editing?.names.en ?? '',
        priceDelta: editing?.priceDelta ?? 0,
      });
  }, [open, editing, form]);

  const submit = async (v: TValues) => {
    const body = { names: { zh: v.zh, en: v.en ?? '' }, priceDelta: v.priceDelta ?? 0 };
    try {
      if (editing) await update.run({ params: { optionId: editing.id }, body });
      else await create.run({ params: { groupId }, body });
      notify.success(t('saved'));
      onClose();
    } catch (err) {
      notify.apiError(err);
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? t('edit') : t('addOption')}
      okText={t('save')}
      cancelText={t('cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
    >
      <Form form={form} name="menuOption" layout="vertical" onFinish={submit}>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item
              name="zh"
              label={t('nameZh')}
              required
              rules={[zodRule(ZNames.shape.zh, i18n.language)]}
            >
              <Input maxLength={50} autoFocus />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="en" label={t('nameEn')}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="priceDelta" label={t('priceDelta')} rules={[zodRule(ZPriceDelta, i18n.language)]}>
          <InputNumber precision={0} style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
