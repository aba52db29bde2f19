import { SearchOutlined } from '@ant-design/icons';
import { ZShopIdText } from '@shopdesk/contract';
import { Button, Flex, Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { zodRule } from '../../../lib/form-rules';
import { TagFilterSelect } from './TagFilterSelect';

/** The gaa list's filters as they sit in the URL: tags comma-joined (tag names hold no commas). */
export const GAA_FILTER_KEYS = ['id', 'name', 'tags', 'si', 'eaa'] as const;
export type TGaaFilters = Record<(typeof GAA_FILTER_KEYS)[number], string>;

// The box may stay empty; a value must be an account id (the same rule the server applies).
const OPTIONAL_ID = z.preprocess((v) => (v === '' ? undefined : v), ZShopIdText.optional());

type TValues = { id?: string; name?: string; tags?: string[]; si?: string; eaa?: string };

const toValues = (f: TGaaFilters): TValues => ({
  id: f.id,
  name: f.name,
  tags: f.tags ? f.tags.split(',') : [],
  si: f.si,
  eaa: f.eaa,
});

/** spec 002 §2 screen 1: search boxes for shop id, name, tags, SI name and EAA name; search and reset. */
export const GaaShopSearch = ({
  filters,
  onSearch,
}: {
  filters: TGaaFilters;
  onSearch: (f: TGaaFilters) => void;
}) => {
  const { t, i18n } = useTranslation('shopLists');
  const [form] = Form.useForm<TValues>();
  // The URL is the truth: back/forward or a shared link refills the boxes.
  useEffect(() => form.setFieldsValue(toValues(filters)), [filters, form]);

  const submit = (v: TValues) =>
    onSearch({
      id: v.id?.trim() ?? '',
      name: v.name?.trim() ?? '',
      tags: (v.tags ?? []).join(','),
      si: v.si?.trim() ?? '',
      eaa: v.eaa?.trim() ?? '',
    });
  const reset = () => {
    form.resetFields();
    onSearch({ id: '', name: '', tags: '', si: '', eaa: '' });
  };

  return (
    <Form
      form={form}
      layout="inline"
      onFinish={submit}
      style={{ rowGap: 12, marginBottom: 16 }}
      role="search"
    >
      <Form.Item name="id" label={t('searchId')} rules={[zodRule(OPTIONAL_ID, i18n.language)]}>
        <Input allowClear inputMode="numeric" style={{ width: 110 }} />
      </Form.Item>
      <Form.Item name="name" label={t('searchName')}>
        <Input allowClear style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="tags" label={t('searchTag')}>
        <TagFilterSelect />
      </Form.Item>
      <Form.Item name="si" label={t('searchSi')}>
        <Input allowClear style={{ width: 130 }} />
      </Form.Item>
      <Form.Item name="eaa" label={t('searchEaa')}>
        <Input allowClear style={{ width: 130 }} />
      </Form.Item>
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t('search')}
        </Button>
        <Button onClick={reset}>{t('reset')}</Button>
      </Flex>
    </Form>
  );
};
