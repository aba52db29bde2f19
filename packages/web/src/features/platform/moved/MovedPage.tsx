import { SwapOutlined } from '@ant-design/icons';
import { Button, Flex, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TPageProps } from '../../../shell/lazy-page';

type TLink = {
  href: string;
  label: 'openPosLogin' | 'openRetailConsole' | 'openRetailLogin';
};

/** What replaced each page the spec names without a screen (docs/decisions/platform.md "Moved pages"). */
const MOVED: Record<string, { text: 'firebaseDemo' | 'retailPage'; links: TLink[] }> = {
  'pub-firebase-demo': {
    text: 'firebaseDemo',
    links: [{ href: '/console/qcpos/login', label: 'openPosLogin' }],
  },
  'retail-page': {
    text: 'retailPage',
    links: [
      { href: '/retail/eaa-login', label: 'openRetailLogin' },
      { href: '/retail/gaa-login', label: 'openRetailConsole' },
    ],
  },
};

/**
 * /pub/firebase-demo and /retail-page: public pages the spec names only. Each says, in the page's
 * language, what took its place, with a link there; whole-page links, as the targets are other trees.
 */
const MovedPage = ({ route }: TPageProps) => {
  const { t } = useTranslation(['moved', 'routes']);
  const moved = MOVED[route.id];
  if (!moved) return null;
  return (
    <Flex flex={1} align="center" justify="center">
      <Result
        icon={<SwapOutlined />}
        title={t(`routes:${route.id}`)}
        subTitle={
          <Typography.Paragraph style={{ maxWidth: 560 }}>{t(`moved:${moved.text}`)}</Typography.Paragraph>
        }
        extra={moved.links.map((l, k) => (
          <Button key={l.href} type={k === 0 ? 'primary' : 'default'} href={l.href}>
            {t(`moved:${l.label}`)}
          </Button>
        ))}
        data-testid="moved-page"
      />
    </Flex>
  );
};

export default MovedPage;
