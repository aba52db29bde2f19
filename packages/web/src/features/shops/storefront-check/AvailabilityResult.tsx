import type { getAvailabilityOp } from '@shopdesk/contract';
import { Alert, Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TResponse } from '../../../lib/api';
import { taipeiText } from './availability-time';

type TAvailability = TResponse<typeof getAvailabilityOp>;

/** The answer: green when an order would be taken, else the first blocking rule and the next accepted time. */
export const AvailabilityResult = ({
  result,
  timed,
  onCheckAt,
}: {
  result: TAvailability;
  /** A time was picked: "for the chosen time" rather than "now". */
  timed: boolean;
  onCheckAt: (iso: string) => void;
}) => {
  const { t, i18n } = useTranslation('storefrontCheck');
  if (result.ok || !result.blocking)
    return (
      <Alert type="success" showIcon message={timed ? t('okAt') : t('ok')} data-testid="availability-ok" />
    );
  const next = result.nextAcceptedAt;
  return (
    <Alert
      type="error"
      showIcon
      data-testid="availability-blocked"
      data-code={result.blocking.code}
      message={
        <span data-testid="availability-rule">
          {i18n.language === 'en' ? result.blocking.messageEn : result.blocking.message}
        </span>
      }
      description={
        next ? (
          <Flex gap={12} align="center" wrap>
            <Typography.Text data-testid="availability-next">
              {t('nextAccepted', { at: taipeiText(next) })}
            </Typography.Text>
            <Button size="small" onClick={() => onCheckAt(next)}>
              {t('checkAtNext')}
            </Button>
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t('noNextAccepted')}</Typography.Text>
        )
      }
    />
  );
};
