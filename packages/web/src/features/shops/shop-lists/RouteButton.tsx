import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useHref, useNavigate } from 'react-router';

/** A button that is a real link (middle-click opens a tab) but navigates inside the app on a plain click. */
export const RouteButton = ({ to, ...props }: Omit<ButtonProps, 'href' | 'onClick'> & { to: string }) => {
  const href = useHref(to);
  const navigate = useNavigate();
  const onClick = (e: MouseEvent) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(to);
  };
  return <Button {...props} href={href} onClick={onClick} />;
};
