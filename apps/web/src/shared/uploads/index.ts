export { ImageUploadField } from './ImageUploadField';
export { openImagePreview, PreviewImagePath, previewImageLink, previewOf } from './open-image-preview';
export { uploadFile, uploadHandled } from './upload-api';
