import { SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Tooltip } from 'antd';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TDirtyField } from './use-dirty-field';

export type TFieldControl<T> = {
  id: string;
  value: T;
  onChange: (value: T) => void;
  status: 'error' | undefined;
  /** Enter in a one-line box saves (a text area keeps Enter for new lines). */
  onPressEnter: () => void;
  disabled: boolean;
};

type Props<T> = {
  label: ReactNode;
  field: TDirtyField<T>;
  children: (control: TFieldControl<T>) => ReactNode;
  extra?: ReactNode;
  testId?: string;
};

/**
 * An edit box with its own save icon, shown only while the value differs from the saved one (spec 001 §1),
 * and a discard icon beside it. The value check's message shows under the box and blocks the save.
 */
export const EditableField = <T,>({ label, field, children, extra, testId }: Props<T>) => {
  const { t } = useTranslation('shopSettings');
  const id = useId();
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      validateStatus={field.error ? 'error' : undefined}
      help={field.error}
      extra={extra}
      data-testid={testId}
      data-dirty={field.dirty || undefined}
    >
      <Flex gap={4} align="start">
        <div style={{ flex: 1, minWidth: 0 }}>
          {children({
            id,
            value: field.value,
            onChange: field.setValue,
            status: field.error ? 'error' : undefined,
            onPressEnter: () => void field.save(),
            disabled: field.saving,
          })}
        </div>
        {field.dirty && (
          <>
            <Tooltip title={t('saveField')}>
              <Button
                type="text"
                icon={<SaveOutlined />}
                aria-label={t('saveField')}
                loading={field.saving}
                disabled={field.error !== undefined}
                onClick={() => void field.save()}
                data-testid="field-save"
              />
            </Tooltip>
            <Tooltip title={t('discardField')}>
              <Button
                type="text"
                icon={<UndoOutlined />}
                aria-label={t('discardField')}
                disabled={field.saving}
                onClick={field.reset}
              />
            </Tooltip>
          </>
        )}
      </Flex>
    </Form.Item>
  );
};
