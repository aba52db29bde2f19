import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Flex, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RouteButton } from './RouteButton';

/** One row action: an in-app route, a shell page in a new tab, or a handler (dialog, confirmation). */
export type TRowAction = {
  key: string;
  label: string;
  to?: string;
  href?: string;
  onClick?: () => void;
  disabled?: boolean;
  danger?: boolean;
};

const Target = ({ action }: { action: TRowAction }) => {
  const { t } = useTranslation('shopLists');
  if (action.href)
    return (
      <a
        href={action.href}
        target="_blank"
        rel="noopener noreferrer"
        title={`${action.label} ${t('newTab')}`}
      >
        {action.label}
      </a>
    );
  if (action.to) return <Link to={action.to}>{action.label}</Link>;
  return <span>{action.label}</span>;
};

/**
 * The action column: the first `inline` actions as buttons, the rest in a "more" menu, so a row stays one
 * line high however many actions its list has (13 for gaa, spec 002 §2 screen 1).
 */
export const ActionCell = ({
  actions,
  inline = 2,
  small = true,
}: {
  actions: TRowAction[];
  inline?: number;
  small?: boolean;
}) => {
  const { t } = useTranslation('shopLists');
  const size = small ? 'small' : 'middle';
  const items: MenuProps['items'] = actions.slice(inline).map((a) => ({
    key: a.key,
    label: <Target action={a} />,
    disabled: a.disabled,
    danger: a.danger,
    onClick: a.onClick,
  }));
  return (
    <Flex gap={4} wrap="nowrap" align="center">
      {actions.slice(0, inline).map((a) =>
        a.to ? (
          <RouteButton key={a.key} to={a.to} size={size}>
            {a.label}
          </RouteButton>
        ) : a.href ? (
          <Button key={a.key} size={size} href={a.href} target="_blank" rel="noopener noreferrer">
            {a.label}
          </Button>
        ) : (
          <Button key={a.key} size={size} onClick={a.onClick} disabled={a.disabled}>
            {a.label}
          </Button>
        ),
      )}
      {items.length ? (
        <Dropdown menu={{ items }} trigger={['click']}>
          <Button size={size}>
            {t('more')} <DownOutlined />
          </Button>
        </Dropdown>
      ) : null}
    </Flex>
  );
};
