/** Galleries and uploads of the provider (spec 2 §2.9, §2.10): pickers, the upload hook and queries. */
export { useGalleryUpload, galleryFileProblem, acceptOf, uploadErrorMessage, type GalleryUploadProgress } from './use-gallery-upload';
export { UploadProgress } from './upload-progress';
export { ImagePicker, type ImagePickerProps } from './image-picker';
export { LazyImagePicker, preloadImagePicker } from './lazy-image-picker';
export { useCanUpload } from './can-upload';
export { GalleryFileField, type GalleryFileFieldProps } from './gallery-file-field';
export { GalleryGrid } from './gallery-grid';
export { StockSearch } from './stock-search';
export { providerGalleriesQuery, useGalleryFiles, stockStatusQuery, stockSearchQuery, galleriesKey } from './api';
