import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** Up / down buttons of one row in an ordered list. */
export const MoveButtons = ({
  index,
  count,
  onMove,
}: {
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
}) => {
  const { t } = useTranslation('menus');
  return (
    <>
      <Button
        type="text"
        size="small"
        icon={<ArrowUpOutlined />}
        aria-label={t('moveUp')}
        disabled={index === 0}
        onClick={() => onMove(index, index - 1)}
      />
      <Button
        type="text"
        size="small"
        icon={<ArrowDownOutlined />}
        aria-label={t('moveDown')}
        disabled={index === count - 1}
        onClick={() => onMove(index, index + 1)}
      />
    </>
  );
};
