import { createContext } from 'react';
import { HOME_PATH } from './route-table';

/**
 * The signed-in user's type, for shell pages that word things by it (the 403 page: spec 000 §6). The session
 * provider of features/platform/session sets it; outside it, undefined. Its own file, so the session provider does not
 * pull the status pages into the first load.
 */
export const ViewerTypeContext = createContext<string | undefined>(undefined);

/** Where "Back to home" leads for the signed-in user (`homePath`: a shop manager's first page its acls open). */
export const ViewerHomeContext = createContext<string>(HOME_PATH);
