import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The note on top of every gallery page: what the building block is for, and where its code lives. */
export const GalleryHeader = (props: { usage: ReactNode; source: string }) => (
  <Card size="small" style={{ background: '#fafafa' }}>
    <Typography.Paragraph style={{ marginBottom: 4 }}>{props.usage}</Typography.Paragraph>
    <Typography.Text type="secondary" code>
      {props.source}
    </Typography.Text>
  </Card>
);
