import type { TBusinessField } from '@shopdesk/contract';
import { Col, type ColProps, Form } from 'antd';
import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { contractRule, fieldAccess, useBusinessForm } from './business-form-context';

type Props = {
  field: TBusinessField;
  /** Nested key, e.g. 'here' for printerTemplates.here. */
  sub?: string;
  label?: ReactNode;
  extra?: ReactNode;
  switch?: boolean;
  /** Fields whose change re-checks this one (cross-field rules). */
  dependencies?: (string | string[])[];
  children: ReactElement<{ disabled?: boolean }>;
};

/**
 * One field of the shop form: its label from the contract's field labels, the contract's rule, and the role
 * visibility of spec 000 §6 (hidden when the type may not edit it, read-only when it is written elsewhere).
 */
export const BusinessItem = ({
  field,
  sub,
  label,
  extra,
  switch: isSwitch,
  dependencies,
  children,
}: Props) => {
  const { t } = useTranslation('shopProfile');
  const ctx = useBusinessForm();
  const { visible, readOnly } = fieldAccess(ctx.type, field);
  if (!visible) return null;
  const path = sub ? `${field}.${sub}` : field;
  return (
    <Form.Item
      name={sub ? [field, sub] : field}
      label={label === undefined ? t(`fields.${field}`) : label}
      extra={extra}
      valuePropName={isSwitch ? 'checked' : 'value'}
      rules={readOnly ? [] : [contractRule(ctx, path)]}
      dependencies={dependencies}
    >
      {readOnly ? cloneElement(children, { disabled: true }) : children}
    </Form.Item>
  );
};

/** A grid cell that disappears with its field, so a hidden field leaves no gap (spec 000 §6). */
export const FieldCol = ({ field, children, ...col }: ColProps & { field: TBusinessField }) => {
  const { type } = useBusinessForm();
  return fieldAccess(type, field).visible ? <Col {...col}>{children}</Col> : null;
};
