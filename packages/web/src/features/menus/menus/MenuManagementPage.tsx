import { MenuEditor } from './MenuEditor';

/** /menu-management (spec 000 §2; gaa, si, eaa, line): the menu editor with up / down ordering. */
const MenuManagementPage = () => <MenuEditor sortable={false} />;

export default MenuManagementPage;
