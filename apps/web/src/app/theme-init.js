// Runs before first paint (a classic blocking script in <head>; the CSP allows no inline
// script). It must agree with src/lib/theme.ts and src/lib/language.ts: the unit test
// theme-init.test.ts runs this file against those modules.
(() => {
  var root = document.documentElement;
  function stored(key) {
    try {
      return localStorage.getItem(key);
    } catch (_) {
      return null; // storage blocked: fall back to the defaults
    }
  }

  // Theme: light | dark | system | time (default). Time mode is dark 18:00 up to 06:00.
  var theme = stored('theme');
  if (theme !== 'light' && theme !== 'dark' && theme !== 'system') theme = 'time';
  var hour = new Date().getHours();
  var dark;
  if (theme === 'dark') dark = true;
  else if (theme === 'light') dark = false;
  else if (theme === 'system') dark = !!(window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches);
  else dark = hour >= 18 || hour < 6;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';

  // Language: the server renders every page in the visitor's language and says so in
  // <html lang data-server-language> (ADR 0016); it is left alone then. Without the server
  // (development): the stored choice, else zh-TW for a Chinese browser, else English.
  if (root.hasAttribute('data-server-language')) return;
  var language = stored('language');
  if (language !== 'en' && language !== 'zh-TW' && language !== 'zh-CN' && language !== 'ja') {
    language = /^zh/i.test(navigator.language || '') ? 'zh-TW' : 'en';
  }
  root.lang = language;
})();
