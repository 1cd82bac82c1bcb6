/*
 * Fencing Lab — embed.html's fallback loader (a classic script, run after the module entry).
 *
 * In an iframe sandboxed without allow-same-origin the embed has an opaque origin, and the
 * browser fetches module scripts and crossorigin stylesheets with CORS, which a static host does
 * not grant to origin "null": the module entry never runs. Classic scripts need no CORS, so this
 * one, finding that the module entry did not start (it marks <html data-fl-started>), loads the
 * one-file classic build of the embed (embed-classic.js) and its stylesheet. If that fails too,
 * it says what the frame needs instead of leaving it blank. No inline code (the page's
 * Content-Security-Policy allows none).
 */
;(function () {
  'use strict'
  var html = document.documentElement
  if (html.hasAttribute('data-fl-started')) return

  function fail() {
    var root = document.getElementById('root')
    if (root === null) return
    root.textContent =
      'The Fencing Lab diagram could not load its scripts in this frame. ' +
      'If the frame is sandboxed, it needs sandbox="allow-scripts allow-same-origin", ' +
      'or a lab server that answers cross-origin requests.'
  }

  var style = document.createElement('link')
  style.rel = 'stylesheet'
  style.href = './embed-classic.css'
  document.head.appendChild(style)

  var script = document.createElement('script')
  script.src = './embed-classic.js'
  script.onerror = fail
  document.head.appendChild(script)
})()
