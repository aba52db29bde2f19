import { ORDER_STATUS_LABELS, type TOrderStatus } from '@shopdesk/contract';
import { Tag } from 'antd';
import { useMsg } from './order-summary-queries';

const COLORS: Record<TOrderStatus, string> = {
  new: 'gold',
  accepted: 'blue',
  completed: 'green',
  rejected: 'red',
  canceled: 'default',
};

export const StatusTag = ({ status }: { status: TOrderStatus }) => {
  const text = useMsg();
  return (
    <Tag color={COLORS[status]} data-status={status}>
      {text(ORDER_STATUS_LABELS[status])}
    </Tag>
  );
};
