import { ACLS, type TAcl, type TManager } from '@shopdesk/contract';
import { Flex, Modal, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The edit dialog of spec 002 §2 screen 9: the manager's acls as removable tags, plus a selector of the
 * acls not yet held. Saving sends the whole set.
 */
export const AclEditDialog = ({
  manager,
  saving,
  onSave,
  onClose,
}: {
  manager: TManager;
  saving: boolean;
  onSave: (acls: TAcl[]) => Promise<boolean>;
  onClose: () => void;
}) => {
  const { t } = useTranslation('acls');
  const [held, setHeld] = useState<TAcl[]>(manager.acls);
  const missing = ACLS.filter((a) => !held.includes(a));
  const add = (a: TAcl) => setHeld((h) => ACLS.filter((x) => x === a || h.includes(x)));
  return (
    <Modal
      open
      title={t('editTitle', { name: manager.name })}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      onCancel={onClose}
      onOk={async () => {
        if (await onSave(held)) onClose();
      }}
    >
      <Flex vertical gap={16}>
        <Flex wrap gap={8} data-testid="acl-tags">
          {held.length === 0 ? <Typography.Text type="secondary">{t('noAcls')}</Typography.Text> : null}
          {held.map((a) => (
            <Tag
              key={a}
              color="blue"
              closable
              onClose={(e) => {
                e.preventDefault();
                setHeld((h) => h.filter((x) => x !== a));
              }}
            >
              {t(`acl_${a}`)}
            </Tag>
          ))}
        </Flex>
        <Select<TAcl>
          aria-label={t('addAcl')}
          placeholder={missing.length ? t('addAcl') : t('allHeld')}
          disabled={missing.length === 0}
          value={null}
          options={missing.map((a) => ({ value: a, label: t(`acl_${a}`) }))}
          onChange={(a) => add(a)}
          style={{ width: '100%' }}
        />
      </Flex>
    </Modal>
  );
};
