/** Public surface of the sellers feature: the terms dialogs the shell shows to a seller. */
export { TermsDialogs } from './components/terms-dialogs';
