import { createContext, useContext } from 'react';
import stylesheet from '../styles.css?url';

/** The stylesheet's text, which entry.server.tsx reads from the build; empty in the browser. */
export const StylesheetTextContext = createContext('');

/** Whether the page the browser hydrates came with the stylesheet inline (a server's build did it). */
const inlinedInPage = () => typeof document !== 'undefined' && document.querySelector('style[data-href]') !== null;

/**
 * The app's stylesheet. From a build it is inline in the page's head, so the first paint waits
 * for no request: a `<style>` resource React keys by `href`, which the browser's render finds
 * already there and leaves as it is. Without one (development) it is a plain stylesheet link.
 */
export function Stylesheet() {
  const text = useContext(StylesheetTextContext);
  if (text || inlinedInPage()) {
    return (
      <style href={stylesheet} precedence="default">
        {text}
      </style>
    );
  }
  return <link rel="stylesheet" href={stylesheet} precedence="default" />;
}

export { stylesheet as stylesheetUrl };
