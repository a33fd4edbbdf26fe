// Applies the theme and font size saved on this device before the first paint, so a dark-mode user
// never sees a white flash. It is a file and not an inline script because the CSP allows only 'self'.
// src/lib/app-settings.ts owns these settings; keep the storage key and class names in step with it.
;(function () {
  var settings = {}
  try {
    settings = JSON.parse(localStorage.getItem('appSettings') || '{}') || {}
  } catch {
    // Unreadable or blocked storage: the defaults below apply.
  }
  var root = document.documentElement
  var dark =
    settings.theme === 'dark' ||
    (settings.theme !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches)
  root.classList.toggle('dark', dark)
  var size = ['small', 'medium', 'large'].indexOf(settings.fontSize) >= 0 ? settings.fontSize : 'medium'
  root.classList.add('font-size-' + size)
  if (['es', 'ca', 'en'].indexOf(settings.language) >= 0) root.lang = settings.language
})()
