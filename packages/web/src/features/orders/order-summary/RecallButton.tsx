import { RECALL_MESSAGES, recallRefusal, type TSummaryOrderDetail, type TUserType } from '@shopdesk/contract';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { useMessageText } from '../../../lib/message-text';
import { notify } from '../../../lib/notify';
import { useLogisticRecall } from './order-summary-queries';

/**
 * spec 002 §12 "Logistics recall" from the order drawer: gaa only, and only when the contract's
 * recallRefusal lets the order have a courier requested again (the server checks the same rule). Confirmed
 * first; then 物流請求已送出 (§8) and the drawer refreshes (it polls while the courier moves).
 */
export const RecallButton = ({ type, order }: { type: TUserType; order: TSummaryOrderDetail }) => {
  const { t } = useTranslation('orderSummary');
  const text = useMessageText();
  const errorText = useErrorText();
  const recall = useLogisticRecall();
  if (type !== 'gaa' || recallRefusal(order) !== null) return null;
  return (
    <Popconfirm
      title={text(RECALL_MESSAGES.confirm)}
      onConfirm={async () => {
        try {
          await recall.mutateAsync({ params: { id: order.id } });
          notify.success(text(RECALL_MESSAGES.sent));
        } catch (err) {
          notify.error(errorText(err));
        }
      }}
    >
      <Button data-testid="logistic-recall" loading={recall.isPending}>
        {t('recall')}
      </Button>
    </Popconfirm>
  );
};
