import { Button, Flex, Popconfirm, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePendingEdits } from './dirty-scope';

/**
 * The tab's save bar (decision: a visible save bar per settings tab): while edits are pending it stays at the
 * bottom of the view with their number, 儲存變更 (saves them one by one, each with its own message) and 捨棄
 * (asks, then drops them all). The per-field save and undo icons stay.
 */
export const SaveBar = () => {
  const { t } = useTranslation('shopSettings');
  const { token } = theme.useToken();
  const { count, saveAll, resetAll } = usePendingEdits();
  const [saving, setSaving] = useState(false);
  if (count === 0) return null;
  return (
    <Flex
      role="region"
      aria-label={t('saveBarLabel')}
      data-testid="save-bar"
      wrap
      gap={8}
      align="center"
      justify="space-between"
      style={{
        position: 'sticky',
        bottom: 0,
        zIndex: 3,
        marginTop: 16,
        padding: '10px 16px',
        background: token.colorBgElevated,
        border: `1px solid ${token.colorWarningBorder}`,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowSecondary,
      }}
    >
      <Typography.Text strong data-testid="save-bar-count">
        {t('saveBarCount', { count })}
      </Typography.Text>
      <Flex gap={8}>
        <Popconfirm
          title={t('discardAllConfirm', { count })}
          okText={t('discardAll')}
          cancelText={t('keepEditing')}
          onConfirm={resetAll}
        >
          <Button disabled={saving}>{t('discardAll')}</Button>
        </Popconfirm>
        <Button
          type="primary"
          loading={saving}
          onClick={async () => {
            setSaving(true);
            try {
              await saveAll();
            } finally {
              setSaving(false);
            }
          }}
        >
          {t('saveAll')}
        </Button>
      </Flex>
    </Flex>
  );
};
