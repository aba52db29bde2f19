import {
  choiceRuleIssue,
  createOptionGroupOp,
  type TMenuOptionGroup,
  type TUserType,
  updateOptionGroupOp,
  ZChoiceCount,
} from '@shopdesk/contract';
import { Col, Form, InputNumber, Radio, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../lib/form-rules';
import { MenuFormDialog, NameFields, useMenuEditForm } from './MenuFormDialog';
import { useMenuWrite } from './menu-queries';

type TValues = { zh: string; en: string; kind: 'single' | 'multiple'; minSelect: number; maxSelect: number };

/** Add or edit an option group: single choice (at most 1) or multiple, with min and max. */
export const OptionGroupDialog = ({
  type,
  accountId,
  productId,
  editing,
  open,
  onClose,
}: {
  type: TUserType;
  accountId: number;
  productId: number;
  editing: TMenuOptionGroup | null;
  open: boolean;
  onClose: () => void;
}) => {
  const { t, i18n } = useTranslation('menus');
  const create = useMenuWrite(createOptionGroupOp, type, accountId);
  const update = useMenuWrite(updateOptionGroupOp, type, accountId);
  const { form, save } = useMenuEditForm<TValues, TMenuOptionGroup>({
    open,
    editing,
    onClose,
    initial: (group) =>
      group
        ? {
            zh: group.names.zh,
            en: group.names.en,
            kind: group.kind,
            minSelect: group.minSelect,
            maxSelect: group.maxSelect,
          }
        : { zh: '', en: '', kind: 'single', minSelect: 1, maxSelect: 1 },
  });
  const kind = Form.useWatch('kind', form);

  const submit = async (v: TValues) => {
    const rule = {
      kind: v.kind,
      minSelect: v.minSelect ?? 0,
      maxSelect: v.kind === 'single' ? 1 : (v.maxSelect ?? 0),
    };
    // The contract's rule, checked here for a quick answer and again by the server.
    const issue = choiceRuleIssue(rule);
    if (issue) {
      form.setFields([
        { name: issue.field, errors: [i18n.language === 'en' ? issue.message.en : issue.message.zh] },
      ]);
      return;
    }
    const body = { names: { zh: v.zh, en: v.en ?? '' }, ...rule };
    await save(() =>
      editing
        ? update.run({ params: { groupId: editing.id }, body })
        : create.run({ params: { productId }, body }),
    );
  };

  return (
    <MenuFormDialog
      open={open}
      title={editing ? t('editGroup') : t('addGroup')}
      form={form}
      name="menuOptionGroup"
      saving={create.isPending || update.isPending}
      onClose={onClose}
      onFinish={submit}
    >
      <NameFields placeholders={{ zh: '甜度', en: 'Sweetness' }} />
      <Form.Item name="kind" label={t('kind')}>
        <Radio.Group
          options={[
            { value: 'single', label: t('single') },
            { value: 'multiple', label: t('multiple') },
          ]}
          onChange={(e) => e.target.value === 'single' && form.setFieldValue('maxSelect', 1)}
        />
      </Form.Item>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item
            name="minSelect"
            label={t('minSelect')}
            extra={t('minHint')}
            rules={[zodRule(ZChoiceCount, i18n.language)]}
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="maxSelect" label={t('maxSelect')} rules={[zodRule(ZChoiceCount, i18n.language)]}>
            <InputNumber disabled={kind === 'single'} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
    </MenuFormDialog>
  );
};
