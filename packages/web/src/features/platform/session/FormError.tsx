import { CloseCircleFilled } from '@ant-design/icons';
import { theme } from 'antd';

/** The sign-in failure line (spec 000 §8): styled like antd's error Alert, without its extra weight. */
export const FormError = ({ text }: { text: string }) => {
  const { token } = theme.useToken();
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
      <CloseCircleFilled style={{ color: token.colorError, marginTop: 4 }} aria-hidden />
      <span>{text}</span>
    </div>
  );
};
