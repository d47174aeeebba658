/** Public surface of the auth feature: the session's user (shell, profile), signing in and out (LMS-key page, terms dialogs), the password change (profile). */
export { authKeys, meQuery, fetchMe, signIn, signOut, updatePassword } from './api';
/** The masked input (CPF, CNPJ) and the logo picker, shared with the institutions' access modal. */
export { MaskedInput } from './components/masked-input';
export { LogoDropzone } from './components/logo-dropzone';
