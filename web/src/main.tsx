import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter } from 'react-router'
import { App } from '@/app/app'
import { loadRoutesOf, routes } from '@/app/router'
import { currentLanguage } from '@/lib/i18n'
import { startPwa } from '@/lib/pwa'
import { takeCommunityFromUrl } from '@/lib/tab-community'
import { keepTyped } from '@/lib/typed-before-hydration'
import './index.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// An email link or a push names its community (?c=): the tab opens in it, before anything asks the API.
takeCommunityFromUrl()
startPwa()

// The app starts in a task of its own, after the one that evaluated the scripts: on a slow phone each is
// a long task already, and together they were one of 200 ms and more.
setTimeout(() => {
  start(root)
})

function start(root: HTMLElement) {
  // The server sends /login and /register prerendered in Spanish to a visitor without a session (ADR 0029):
  // the form shows before the scripts arrive, and React takes that markup over once the screen's code is
  // here, keeping what was typed meanwhile. In another language the page is drawn anew (index.css hides the
  // Spanish copy until then).
  if (root.dataset.prerendered === window.location.pathname && currentLanguage() === 'es') {
    void loadRoutesOf(window.location.pathname).then(() => {
      const typed = keepTyped(root)
      // In a transition React hydrates in slices, yielding to the browser between them: a phone stays
      // responsive to the visitor already typing, instead of freezing for the whole tree.
      startTransition(() => {
        hydrateRoot(root, <App router={createBrowserRouter(routes)} onMounted={typed.restore} />)
      })
    })
  } else {
    // Drawn in slices too: a screen's first render (the dashboard's cards) does not block the main thread.
    // A Spanish copy stays hidden until React has replaced it.
    const shown = () => delete root.dataset.prerendered
    startTransition(() => {
      createRoot(root).render(<App router={createBrowserRouter(routes)} onMounted={shown} />)
    })
  }
}
