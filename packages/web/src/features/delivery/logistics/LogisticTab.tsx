import { Alert, Card, Flex, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredSpin } from '../../../components/CenteredSpin';
import { errorText } from '../../../lib/error-text';
import type { SettingsTabProps } from '../../shops/shop-settings/tab-types';
import { DefaultsBox } from './DefaultsBox';
import { LogisticsBox } from './LogisticsBox';
import { useLogisticSettings } from './logistics-queries';
import { RulesEditor } from './RulesEditor';

/**
 * The Logistic tab (spec 001 §2.4), also the body of /logistics: the logistics box (gaa only), the defaults
 * box, the static subsidy box and the delivery rules with their map.
 */
const LogisticTab = ({ accountId, userType, setPending }: SettingsTabProps) => {
  const { t } = useTranslation('logistics');
  const settings = useLogisticSettings(userType, accountId);
  const [parts, setParts] = useState<Record<string, boolean>>({});
  const part = useCallback(
    (key: string) => (p: boolean) =>
      setParts((prev) => {
        if (prev[key] === p) return prev;
        const next = { ...prev, [key]: p };
        setPending(Object.values(next).some(Boolean));
        return next;
      }),
    [setPending],
  );
  const [setBox] = useState(() => part('box'));
  const [setDefaults] = useState(() => part('defaults'));
  const [setRules] = useState(() => part('rules'));
  void parts;

  if (settings.isLoading) return <CenteredSpin />;
  if (settings.isError || !settings.data)
    return <Alert type="error" showIcon message={errorText(settings.error)} />;
  const data = settings.data;
  return (
    <Flex vertical gap={16} data-testid="logistic-tab">
      {data.canEditLogistics && (
        <LogisticsBox
          key={JSON.stringify(data.configurations)}
          type={userType}
          accountId={accountId}
          data={data}
          setPending={setBox}
        />
      )}
      <Flex gap={16} wrap>
        <div style={{ flex: '2 1 480px' }}>
          <DefaultsBox
            key={JSON.stringify(data.default)}
            type={userType}
            accountId={accountId}
            data={data}
            setPending={setDefaults}
          />
        </div>
        <Card size="small" title={t('subsidy')} style={{ flex: '1 1 220px' }}>
          <Typography.Text type="secondary">{t('subsidyText')}</Typography.Text>
        </Card>
      </Flex>
      <RulesEditor
        type={userType}
        accountId={accountId}
        version={data.configurations.logisticVersion}
        shopPoint={null}
        setPending={setRules}
      />
    </Flex>
  );
};

export default LogisticTab;
