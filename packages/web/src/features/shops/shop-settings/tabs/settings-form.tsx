import {
  findSettingField,
  loadFailed,
  type TSaveResult,
  type TSettingField,
  type TSettingValue,
} from '@shopdesk/contract';
import { Alert, Form } from 'antd';
import { createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredSpin } from '../../../../components/CenteredSpin';
import { DirtyScope, SaveBar } from '../dirty';
import { type TSettingsValues, useSettingsValues } from '../settings-queries';
import type { SettingsTabProps } from '../tab-types';
import { useFieldSave } from '../use-field-save';

type TSettingsForm = {
  values: TSettingsValues;
  userType: SettingsTabProps['userType'];
  save: (field: TSettingField, value: TSettingValue) => Promise<TSaveResult>;
};
const SettingsFormContext = createContext<TSettingsForm | null>(null);

export const useSettingsForm = (): TSettingsForm => {
  const form = useContext(SettingsFormContext);
  if (!form) throw new Error('A settings field needs a <SettingsForm> around it');
  return form;
};

/** A catalog field by "table.key"; a name the catalog lacks is a programming error. */
export const settingField = (name: string): TSettingField => {
  const [table = '', key = ''] = name.split('.');
  const field = findSettingField(table, key);
  if (!field) throw new Error(`No settings field ${name}`);
  return field;
};

/** spec 001 §2.1: gaa-only items are hidden for the others (the server refuses them too). */
export const mayEdit = (field: TSettingField, userType: SettingsTabProps['userType']) =>
  field.who.includes(userType);

/**
 * A tab of catalog fields: loads the shop's values, collects the pending state of its boxes for the tab's
 * triangle, and gives its fields the save of spec 001 §7.
 */
export const SettingsForm = ({
  accountId,
  userType,
  setPending,
  children,
}: SettingsTabProps & { children: ReactNode }) => {
  const { values, isLoading, error } = useSettingsValues(accountId);
  const save = useFieldSave({ accountId, userType });
  const { i18n } = useTranslation();
  if (isLoading) return <CenteredSpin />;
  if (error || !values) {
    const text = loadFailed(accountId);
    return <Alert type="error" showIcon message={i18n.language === 'en' ? text.en : text.zh} />;
  }
  return (
    <SettingsFormContext.Provider value={{ values, userType, save }}>
      <DirtyScope onPendingChange={setPending}>
        <Form layout="vertical" component="div">
          {children}
        </Form>
        <SaveBar />
      </DirtyScope>
    </SettingsFormContext.Provider>
  );
};
