import { PlainIcon } from '../../../components/PlainIcon';
import { CloseCircleFilled } from '../../../components/plain-icons';
import { PLAIN_TOKENS as token } from '../../../shell/theme';

/** The sign-in failure line (spec 000 §8): styled like antd's error Alert, without its extra weight. */
export const FormError = ({ text }: { text: string }) => {
  return (
    <div
      role="alert"
      style={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 8,
        marginBottom: 20,
        padding: '9px 12px',
        color: token.colorText,
        background: token.colorErrorBg,
        border: `1px solid ${token.colorErrorBorder}`,
        borderRadius: token.borderRadiusLG,
      }}
    >
      <PlainIcon icon={CloseCircleFilled} style={{ color: token.colorError, marginTop: 4 }} aria-hidden />
      <span>{text}</span>
    </div>
  );
};
