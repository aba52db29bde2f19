import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { PlainIcon } from './PlainIcon';
import type { TPlainIcon } from './plain-icons';
import { LoadingOutlined } from './plain-icons';

/** antd inserts a space between the two characters of a two-character Chinese label (solid buttons). */
const TWO_CHINESE = /^[\u4e00-\u9fa5]{2}$/;

/**
 * A button in the look and markup of antd's Button (styles.css "Plain controls"), for the login route, which
 * loads no antd (docs/decisions/foundation.md "Login route first load"): solid primary or link, large, block, with an icon,
 * and while pending antd's loading state (spinner icon, the button disabled). antd's click wave is not drawn.
 */
export const PlainButton = ({
  primary = false,
  large = false,
  block = false,
  pending = false,
  icon,
  type = 'button',
  children,
  ...rest
}: {
  primary?: boolean;
  large?: boolean;
  block?: boolean;
  pending?: boolean;
  /** drawn before the label (the spinner takes its place while pending) */
  icon?: TPlainIcon;
  type?: 'button' | 'submit';
  children: ReactNode;
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'children'>) => {
  const label =
    primary && !icon && typeof children === 'string' && TWO_CHINESE.test(children)
      ? [...children].join(' ')
      : children;
  const className = [
    'sd-btn',
    primary ? 'sd-btn-primary' : 'sd-btn-link',
    large && 'sd-btn-lg',
    block && 'sd-btn-block',
    pending && 'sd-btn-loading',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button {...rest} type={type} className={className} disabled={pending || rest.disabled}>
      {pending || icon ? (
        <span className="sd-btn-icon">
          {pending ? <PlainIcon icon={LoadingOutlined} className="anticon-spin" /> : null}
          {!pending && icon ? <PlainIcon icon={icon} /> : null}
        </span>
      ) : null}
      <span>{label}</span>
    </button>
  );
};
