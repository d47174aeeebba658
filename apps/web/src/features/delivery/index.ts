/** Public surface of delivery (packages, review files, share links, LMS exports): the buttons the catalogue, the subjects and the courses mount. */
export { PackageDownloadButton, type PackageDownloadButtonProps } from './components/package-download-button';
export { ReviewFileButton } from './components/review-file-button';
export { ShareLinkButton } from './components/share-link-button';
export { LazyShareLinkButton, preloadShareLinkButton } from './components/lazy-share-link-button';
export { CartridgeDownloadButton, ScormDownloadButton, type ScormDownloadButtonProps } from './components/lms-export-buttons';
