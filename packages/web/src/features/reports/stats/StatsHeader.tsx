import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** Title on the left, filters and actions wrapping on the right. */
export const StatsHeader = ({ title, extra }: { title: ReactNode; extra?: ReactNode }) => (
  <Flex wrap gap={12} align="center" justify="space-between" style={{ marginBottom: 16 }}>
    <Typography.Title level={3} style={{ margin: 0 }}>
      {title}
    </Typography.Title>
    <Flex wrap gap={12} align="center">
      {extra}
    </Flex>
  </Flex>
);
