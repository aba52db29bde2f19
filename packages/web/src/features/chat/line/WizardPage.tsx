import {
  registrationWizardPrefill,
  type TWizardFinishInput,
  wizardFinishViolation,
} from '@shopdesk/contract';
import { Alert, Card, Form, Select, Skeleton, Steps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useErrorText } from '../../../lib/error-text';
import { useMessageText } from '../../../lib/message-text';
import { notify } from '../../../lib/notify';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';
import { useShopKind } from '../../../shell/variant';
import { useRegistration } from '../../platform/registrations/registration-queries';
import { useLeaveGuard } from '../../shops/shop-settings/dirty/use-leave-guard';
import { useAccountKey, useFinishWizard, useRichMenus, useSiOptions } from './line-queries';
import { RichMenuPicker } from './RichMenuPicker';
import {
  ACCOUNT_FIELDS,
  AccountStep,
  BUSINESS_FIELDS,
  BusinessStep,
  KEY_FIELDS,
  StepButtons,
} from './WizardFields';

type TValues = Pick<TWizardFinishInput, 'account' | 'business'> & { siAccountId?: number };
/** The finished flag (spec 000 §4): the shop made, kept in the wizard's history entry. */
type TDone = { accountId: number; siAccountId: number };

const empty = (fields: readonly string[]) => Object.fromEntries(fields.map((f) => [f, '']));
const INITIAL = { account: empty(ACCOUNT_FIELDS), business: empty(BUSINESS_FIELDS) };

/**
 * /gaa/business/wizard and /retail/gaa/business/wizard (spec 000 §2 "Shop-opening wizard", §4, §5, §8):
 * three steps; 1 and 2 are checked before moving on, Finish sends everything in one call (the server runs
 * the §4 sequence all or nothing) and goes to the new shop's info page.
 */
const WizardPage = () => {
  const { t } = useTranslation('line');
  const kind = useShopKind();
  const navigate = useNavigate();
  const location = useLocation();
  const doneBefore = (location.state as { wizardDone?: TDone } | null)?.wizardDone ?? null;
  const errorText = useErrorText();
  const text = useMessageText();
  const [form] = Form.useForm<TValues>();
  const [step, setStep] = useState(doneBefore ? 2 : 0);
  const [stepError, setStepError] = useState(false);
  const [noBot, setNoBot] = useState(false);
  const [fileName, setFileName] = useState<string>();
  const finished = useRef<TDone | null>(doneBefore);
  // what the operator typed or picked is asked about before it is left (a reload, the menu, Back): the same
  // question as the settings page (docs/decisions/console.md "leaving unsaved work"); once the shop is made
  // the wizard's own navigations go through
  const [touched, setTouched] = useState(false);
  const leaveHolder = useLeaveGuard(touched && doneBefore === null, {
    allow: () => finished.current !== null,
  });
  const menus = useRichMenus(kind);
  const sis = useSiOptions();
  const accountKey = useAccountKey();
  const finish = useFinishWizard();
  // opened from an approved store-opening application (/registrations/{id} → open shop)
  const registrationId = Number(useSearchParams()[0].get('registrationId')) || undefined;
  const registration = useRegistration(registrationId ?? 0, registrationId !== undefined);
  const prefilled = useRef(false);
  useEffect(() => {
    const r = registration.data?.registration;
    if (!r || prefilled.current) return;
    prefilled.current = true;
    const p = registrationWizardPrefill(r);
    form.setFieldsValue({
      account: { ...form.getFieldValue('account'), ...p.account },
      business: { ...form.getFieldValue('business'), ...p.business },
      siAccountId: p.siAccountId,
    });
  }, [registration.data, form]);

  // spec 000 §4: the first menu is selected by default
  useEffect(() => {
    if (!fileName && menus.data?.results[0]) setFileName(menus.data.results[0].fileName);
  }, [menus.data, fileName]);

  const onNoBot = async (on: boolean) => {
    setTouched(true);
    setNoBot(on);
    if (!on) return;
    try {
      const keys = await accountKey.mutateAsync({});
      form.setFieldsValue({ account: { ...form.getFieldValue('account'), ...keys } });
      await form.validateFields(KEY_FIELDS.map((f) => ['account', f]));
    } catch (err) {
      setNoBot(false);
      notify.error(`${t('noBotFailed')}：${errorText(err)}`);
    }
  };

  const fieldsOf = (s: number) =>
    s === 0 ? ACCOUNT_FIELDS.map((f) => ['account', f]) : BUSINESS_FIELDS.map((f) => ['business', f]);

  const next = async () => {
    try {
      await form.validateFields(fieldsOf(step));
      setStepError(false);
      setStep(step + 1);
    } catch {
      setStepError(true); // the step is marked in error and blocks advancing (spec 000 §4)
    }
  };

  const goToInfo = (accountId: number, siAccountId: number) =>
    navigate(
      kind === 'retail'
        ? `/gaa/common/${accountId}/info?siAccountId=${siAccountId}&type=retail`
        : `/gaa/business/${accountId}/info?siAccountId=${siAccountId}`,
    );

  const onFinish = async () => {
    if (finished.current) {
      notify.success(t('alreadyDone'));
      goToInfo(finished.current.accountId, finished.current.siAccountId);
      return;
    }
    const v = form.getFieldsValue(true) as TValues;
    const violation = wizardFinishViolation({
      siAccountId: v.siAccountId,
      fileName: fileName ?? '',
      fbUrl: v.business?.fbUrl,
      googleReviewUrl: v.business?.googleReviewUrl,
      isChatbotDisabled: noBot,
    });
    if (violation) {
      notify.card('error', t('errorTitle'), text(violation));
      return;
    }
    try {
      const res = await finish.mutateAsync({
        body: {
          account: { ...v.account, isChatbotDisabled: noBot },
          business: v.business,
          richMenu: { fileName: fileName!, siAccountId: v.siAccountId!, type: kind },
          registrationId,
        },
      });
      if (!res.data.accountId) return notify.card('error', t('errorTitle'), t('accountFailed'));
      if (!res.data.businessId) return notify.card('error', t('errorTitle'), t('businessFailed'));
      finished.current = { accountId: res.data.businessId, siAccountId: v.siAccountId! };
      // The flag outlives this page: back from the info page, Finish only repeats 設定已完成! (spec 000 §4)
      // instead of opening the shop a second time. It rides on this history entry, so a new visit of the
      // wizard starts afresh.
      navigate(
        { pathname: location.pathname, search: location.search },
        { replace: true, state: { wizardDone: finished.current } },
      );
      notify.success(t('done'));
      goToInfo(res.data.businessId, v.siAccountId!);
    } catch (err) {
      notify.card('error', t('errorTitle'), errorText(err));
    }
  };

  // a double-click on Finish sends one call (the server also refuses a second shop on the channel)
  const [finishOnce, finishing] = useOneAtATime(onFinish);
  const status = (i: number) => (i === step && stepError ? 'error' : undefined);
  return (
    <Card>
      {leaveHolder}
      {registration.data ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('fromRegistration', {
            id: registration.data.registration.id,
            name: registration.data.registration.shopName,
          })}
        />
      ) : null}
      {doneBefore && (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('finishedHint', { id: doneBefore.accountId })}
        />
      )}
      <Steps
        current={step}
        status={stepError ? 'error' : 'process'}
        items={[t('step1'), t('step2'), t('step3')].map((title, i) => ({ title, status: status(i) }))}
        style={{ marginBottom: 24 }}
      />
      <Form
        form={form}
        layout="vertical"
        preserve
        initialValues={INITIAL}
        onValuesChange={() => setTouched(true)}
      >
        <div hidden={step !== 0}>
          <AccountStep noBot={noBot} onNoBot={onNoBot} loadingKey={accountKey.isPending} />
        </div>
        <div hidden={step !== 1}>
          <BusinessStep />
        </div>
        {/* back after Finish: only the note and Finish, not the emptied form of a shop already made */}
        <div hidden={step !== 2 || doneBefore !== null}>
          <Form.Item name="siAccountId" label={t('si')} required>
            <Select
              id="siAccountId"
              placeholder={t('siPlaceholder')}
              style={{ maxWidth: 320 }}
              loading={sis.isPending}
              options={(sis.data?.siAccounts ?? []).map((s) => ({ value: s.id, label: s.displayName }))}
            />
          </Form.Item>
          {menus.data ? (
            <RichMenuPicker menus={menus.data.results} value={fileName} onChange={setFileName} />
          ) : (
            <Skeleton active />
          )}
        </div>
      </Form>
      <div style={{ marginTop: 24 }}>
        <StepButtons
          step={step}
          onPrev={() => setStep(step - 1)}
          onNext={next}
          onFinish={finishOnce}
          busy={finishing || finish.isPending}
          canGoBack={doneBefore === null}
        />
      </div>
    </Card>
  );
};

export default WizardPage;
