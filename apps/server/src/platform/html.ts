/**
 * THE HTML escape of the server: text put into HTML we write (e-mails, bell notifications, the dev mailbox).
 * Escapes & < > " and ' so that a name can sit in an element or an attribute.
 */
export const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
