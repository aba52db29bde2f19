import type { HTMLAttributes } from 'react';
import type { TPlainIcon } from './plain-icons';

/**
 * An antd icon in the markup `@ant-design/icons` gives it (`span.anticon > svg`, styled by the `.anticon`
 * rules of styles.css), without antd's icon component and what it imports (its context, colour generation,
 * style insertion). For the screens that load before antd: the login route (docs/decisions/foundation.md
 * "Login route first load").
 */
export const PlainIcon = ({
  icon,
  className,
  ...rest
}: { icon: TPlainIcon } & HTMLAttributes<HTMLSpanElement>) => (
  <span
    role="img"
    aria-label={icon.name}
    {...rest}
    className={`anticon anticon-${icon.name}${className ? ` ${className}` : ''}`}
  >
    <svg
      fillRule={icon.evenOdd ? 'evenodd' : undefined}
      viewBox={icon.viewBox}
      focusable="false"
      data-icon={icon.name}
      width="1em"
      height="1em"
      fill="currentColor"
      aria-hidden="true"
    >
      {icon.paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  </span>
);
