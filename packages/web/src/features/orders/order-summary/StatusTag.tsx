import { ORDER_STATUS_LABELS, type TOrderStatus } from '@shopdesk/contract';
import { Tag } from 'antd';
import { useMessageText } from '../../../lib/message-text';

const COLORS: Record<TOrderStatus, string> = {
  new: 'gold',
  accepted: 'blue',
  completed: 'green',
  rejected: 'red',
  canceled: 'default',
};

export const StatusTag = ({ status }: { status: TOrderStatus }) => {
  const text = useMessageText();
  return (
    <Tag color={COLORS[status]} data-status={status}>
      {text(ORDER_STATUS_LABELS[status])}
    </Tag>
  );
};
