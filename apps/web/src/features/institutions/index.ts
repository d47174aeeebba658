/** Public surface of the institutions feature: the terms dialogs and the institution-status notice the shell shows to a seller's users. */
export { TermsDialogs } from './components/terms-dialogs';
export { SellerStatusNotice, CLOSED_WHILE_INACTIVE, closedForSeller, sellerInactive } from './components/seller-status-notice';
