// Applies the stored colour mode and text direction before the app renders, so a dark or
// right-to-left page does not flash light or left-to-right first. A file, not an inline script:
// the CSP allows scripts from 'self' only. Keys: mui-mode / mui-color-scheme-* (MUI), lang, customizer.
(function () {
  try {
    var root = document.documentElement;
    var mode = localStorage.getItem('mui-mode') || 'system';
    if (mode === 'system') mode = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    var scheme = localStorage.getItem('mui-color-scheme-' + mode) || mode;
    root.classList.add(scheme === 'dark' ? 'dark' : 'light');
    var lang = localStorage.getItem('lang') || 'en';
    var customizer = JSON.parse(localStorage.getItem('customizer') || '{}') || {};
    var dir =
      customizer.direction === 'rtl' || customizer.direction === 'ltr' ? customizer.direction : lang.indexOf('ar') === 0 ? 'rtl' : 'ltr';
    root.setAttribute('dir', dir);
    root.setAttribute('lang', lang);
  } catch {
    // storage blocked or unreadable: the app applies its defaults when it starts
  }
})();
