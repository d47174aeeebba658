/** Public surface of delivery (issue 12): the buttons the catalogue and the subjects mount. */
export { PackageDownloadButton, type PackageDownloadButtonProps } from './components/package-download-button';
export { ReviewFileButton } from './components/review-file-button';
export { ShareLinkButton } from './components/share-link-button';
