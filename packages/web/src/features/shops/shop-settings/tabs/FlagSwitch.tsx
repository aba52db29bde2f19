import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { SavedSwitch } from '../dirty';
import { useFieldLabel } from '../use-field-save';
import { mayEdit, settingField, useSettingsForm } from './settings-form';

/**
 * One catalog switch ("table.key") that saves at once (spec 001 §1). Inverted display flags show the
 * opposite of what is stored (spec 001 §2.2 is_not_… as "display …", §3 sys_closed).
 */
export const FlagSwitch = ({ name, indent }: { name: string; indent?: boolean }) => {
  const { values, userType, save } = useSettingsForm();
  const labelOf = useFieldLabel();
  const field = settingField(name);
  if (!mayEdit(field, userType)) return null;
  const stored = values[field.table]?.[field.key] === true;
  const label = labelOf(field);
  return (
    <Flex
      justify="space-between"
      align="center"
      gap={12}
      style={{ padding: '6px 0', paddingInlineStart: indent ? 24 : 0 }}
      data-testid={`switch-${field.key}`}
    >
      <Typography.Text type={indent ? 'secondary' : undefined}>{label}</Typography.Text>
      <SavedSwitch
        label={label}
        checked={field.inverted ? !stored : stored}
        onSave={(shown) => save(field, field.inverted ? !shown : shown)}
      />
    </Flex>
  );
};

/** A titled box of switches or fields; `only` hides a whole box from the other user types. */
export const SettingsSection = ({
  title,
  children,
  only,
}: {
  title: ReactNode;
  children: ReactNode;
  only?: readonly string[];
}) => {
  const { userType } = useSettingsForm();
  if (only && !only.includes(userType)) return null;
  return (
    <Card size="small" title={title} style={{ marginBottom: 16 }}>
      {children}
    </Card>
  );
};
