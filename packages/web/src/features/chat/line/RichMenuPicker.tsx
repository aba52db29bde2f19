import { CheckCircleFilled } from '@ant-design/icons';
import type { TRichMenuOption } from '@shopdesk/contract';
import { Button, Card, Col, Image, Row, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The rich-menu styles as cards (spec 000 §4): exactly one selected, shown 已選擇; the others 可選擇.
 * Image URLs are API paths (/console/apis/…), served to anyone: they are what customers see in the chat.
 */
export const RichMenuPicker = ({
  menus,
  value,
  onChange,
}: {
  menus: TRichMenuOption[];
  value: string | undefined;
  onChange: (fileName: string) => void;
}) => {
  const { t } = useTranslation('line');
  return (
    <Row gutter={[16, 16]}>
      {menus.map((m) => {
        const selected = m.fileName === value;
        return (
          <Col xs={24} md={12} xl={6} key={m.fileName}>
            <Card
              size="small"
              data-testid={`richmenu-${m.style}`}
              style={{ borderColor: selected ? '#f57c00' : undefined, borderWidth: selected ? 2 : 1 }}
              cover={<Image src={m.imageUrl} alt={m.displayName} preview={false} />}
              title={m.displayName}
              extra={selected && <CheckCircleFilled style={{ color: '#f57c00' }} />}
            >
              {selected ? (
                <Tag color="orange">{t('selected')}</Tag>
              ) : (
                <Button size="small" onClick={() => onChange(m.fileName)}>
                  {t('selectable')}
                </Button>
              )}
            </Card>
          </Col>
        );
      })}
    </Row>
  );
};
