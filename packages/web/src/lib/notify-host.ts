import { message, notification } from 'antd';
import { createElement, Fragment, useEffect } from 'react';
import { NOTIFY_DURATION_S, registerNotifyApis, type TNotifyKind } from './notify-queue';

/** antd's message and notification hooks, wired into notify (click closes, 5 s auto-close). */
export const NotifyHostImpl = () => {
  const [messageApi, messageHolder] = message.useMessage({ duration: NOTIFY_DURATION_S, maxCount: 3 });
  const [notificationApi, notificationHolder] = notification.useNotification({
    duration: NOTIFY_DURATION_S,
    placement: 'topRight',
  });
  useEffect(() => {
    let seq = 0;
    registerNotifyApis({
      toast: (kind: TNotifyKind, content) => {
        const key = `toast-${++seq}`;
        void messageApi.open({ key, type: kind, content, onClick: () => messageApi.destroy(key) });
      },
      card: (kind: TNotifyKind, title, description) => {
        const key = `note-${++seq}`;
        notificationApi.open({
          key,
          type: kind,
          title,
          description,
          onClick: () => notificationApi.destroy(key),
        });
      },
    });
    return () => registerNotifyApis(null);
  }, [messageApi, notificationApi]);
  return createElement(Fragment, null, messageHolder, notificationHolder);
};
