import { PlusOutlined } from '@ant-design/icons';
import { ADMIN_USER_STATUSES } from '@shopdesk/contract';
import { Flex, Input, Select } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouteButton } from '../../shops/shop-lists/RouteButton';
import type { useAdminListState } from './admin-queries';

/** Search box (searched on the server), an optional status filter and the "new" button of a list. */
export const ListToolbar = ({
  list,
  placeholder,
  withStatus = true,
  newTo,
  newLabel,
  extra,
}: {
  list: ReturnType<typeof useAdminListState>;
  placeholder: string;
  withStatus?: boolean;
  newTo?: string;
  newLabel?: string;
  extra?: ReactNode;
}) => {
  const { t } = useTranslation('adminUsers');
  const [text, setText] = useState(list.filters.q);
  // back / forward or a shared link changes the URL: the box follows it
  useEffect(() => setText(list.filters.q), [list.filters.q]);
  return (
    <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
      <Input.Search
        allowClear
        aria-label={placeholder}
        placeholder={placeholder}
        style={{ width: 280 }}
        value={text}
        maxLength={100}
        onChange={(e) => setText(e.target.value)}
        onSearch={(v) => list.update({ filters: { q: v } })}
      />
      {withStatus ? (
        <Select
          aria-label={t('status')}
          style={{ width: 150 }}
          value={list.status ?? ''}
          onChange={(v: string) => list.update({ filters: { status: v } })}
          options={[
            { value: '', label: t('statusAll') },
            ...ADMIN_USER_STATUSES.map((s) => ({ value: s, label: t(s) })),
          ]}
        />
      ) : null}
      {extra}
      {newTo ? (
        <RouteButton type="primary" icon={<PlusOutlined />} to={newTo} style={{ marginLeft: 'auto' }}>
          {newLabel}
        </RouteButton>
      ) : null}
    </Flex>
  );
};
