import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import DeveloperToolPage from '../../chat/line/DeveloperToolPage';
import { GtmTool } from './GtmTool';
import { LogisticRecallTool } from './LogisticRecallTool';
import { PrinterTemplateTool } from './PrinterTemplateTool';

const TABS = ['flags', 'template', 'gtm', 'recall'] as const;
type TTab = (typeof TABS)[number];

/**
 * /other/developer-tool, the admin tools of spec 002 §2 screen 12: account and business switches (built
 * with the settings page), the printer template editor, the tag-manager setter and the logistics recall.
 * The open tab is kept in the address (?tab=), so a reload stays on it.
 */
const AdminToolsPage = () => {
  const { t } = useTranslation('adminTools');
  const [params, setParams] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as TTab)
    : 'flags';
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setParams(key === 'flags' ? {} : { tab: key })}
      destroyOnHidden
      items={[
        { key: 'flags', label: t('tabFlags'), children: <DeveloperToolPage /> },
        { key: 'template', label: t('tabTemplate'), children: <PrinterTemplateTool /> },
        { key: 'gtm', label: t('tabGtm'), children: <GtmTool /> },
        { key: 'recall', label: t('tabRecall'), children: <LogisticRecallTool /> },
      ]}
    />
  );
};

export default AdminToolsPage;
