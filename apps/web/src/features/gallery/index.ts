// What other features use of the gallery: the dialog that saves a result as an artwork.
export { SaveToGalleryDialog } from './save-to-gallery-dialog.tsx';
