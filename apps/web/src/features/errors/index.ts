// What other features use of the error pages: the page shown for something that does not exist.
export { default as NotFoundPage } from './not-found-page.tsx';
