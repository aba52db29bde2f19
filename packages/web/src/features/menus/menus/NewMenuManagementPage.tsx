import { MenuEditor } from './MenuEditor';

/** /newmenu-management (spec 000 §2; gaa, si; beta): the same editor with drag-and-drop ordering. */
const NewMenuManagementPage = () => <MenuEditor sortable />;

export default NewMenuManagementPage;
