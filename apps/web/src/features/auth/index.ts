/** Public surface of the auth feature: the session's user (shell, profile), signing in and out (LMS-key page, terms dialogs), the password change (profile). */
export { authKeys, meQuery, fetchMe, signIn, signOut, updatePassword } from './api';
