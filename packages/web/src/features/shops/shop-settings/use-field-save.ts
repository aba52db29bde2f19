import {
  accountToggleOp,
  businessToggleOp,
  ONLINE_PAY_NOT_ENABLED,
  SAVE_OPS,
  savePathOf,
  type TSaveResult,
  type TSettingField,
  type TSettingValue,
} from '@shopdesk/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiClientError, callApi } from '../../../lib/api';
import { useErrorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import { usePatchSettings } from './settings-queries';
import type { SettingsTabProps } from './tab-types';

/** A field's label in the current language. */
export const useFieldLabel = () => {
  const { i18n } = useTranslation();
  return (field: TSettingField) => (i18n.language === 'en' ? field.label.en : field.label.zh);
};

/**
 * Saves one field (spec 001 §7): a gaa's flag keys through the toggle calls (spec 001 §3), everything else
 * through the save path of its table. Success and failure are told with the spec's texts (§8); a refused
 * payment switch with its warning 尚未啟用線上支付 (§4). Rejects on failure so the box stays pending.
 */
export const useFieldSave = ({ accountId, userType }: Pick<SettingsTabProps, 'accountId' | 'userType'>) => {
  const patch = usePatchSettings(accountId);
  const { t } = useTranslation('shopSettings');
  const errorText = useErrorText();
  const labelOf = useFieldLabel();
  return useCallback(
    async (field: TSettingField, value: TSettingValue): Promise<TSaveResult> => {
      const params = { id: accountId };
      const flag = userType === 'gaa' && typeof value === 'boolean' ? field.toggle : undefined;
      try {
        const result =
          flag === 'business'
            ? await callApi(businessToggleOp, { params, body: { key: field.key, value: value as boolean } })
            : flag === 'account'
              ? await callApi(accountToggleOp, {
                  params,
                  body: { key: field.key, value: value as boolean, label: field.label.zh },
                })
              : await callApi(SAVE_OPS[savePathOf(field.table)], {
                  params,
                  body: { label: field.label.zh, table: field.table, key: field.key, value },
                });
        patch(result.changes);
        notify.success(t('saved', { label: labelOf(field) }));
        return result;
      } catch (err) {
        if (err instanceof ApiClientError && err.messageZh === ONLINE_PAY_NOT_ENABLED.zh)
          notify.warning(errorText(err));
        else notify.card('error', t('saveFailed'), errorText(err));
        throw err;
      }
    },
    [accountId, userType, patch, t, errorText, labelOf],
  );
};
