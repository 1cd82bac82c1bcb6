/*
 * Fencing Lab — optional helper for pages that embed the lab in an iframe.
 *
 *   <script src="https://YOUR-LAB-HOST/embed-host.js" defer></script>
 *
 * It resizes each Fencing Lab iframe to the height of its content. The embed (embed.html) posts
 * { type: 'fencing-lab:resize', height, id } to its parent whenever its height changes; this
 * script applies a height only when the message comes from the contentWindow of one of our
 * iframes (and from that iframe's origin), clamps it to a sane range and ignores anything else.
 * Our iframes are those whose address is embed.html next to this script, or any iframe with a
 * data-fencing-lab attribute whose address is on this script's origin (the lab's). A host that
 * serves the lab from another origin too (a mirror) opts in per iframe with
 * data-fencing-lab-any-origin: that frame may then resize itself from its own http(s) origin.
 * A frame without an origin of its own (data:, blob:, about:) is never ours. An iframe on the
 * lab's origin sandboxed without allow-same-origin posts from the opaque origin "null": it is
 * still ours, because its window is the one that posted. No dependencies, no inline code,
 * nothing written but each of those iframes' style.height (CSSOM, which a strict
 * Content-Security-Policy allows), and the window's scroll position when a frame wholly above
 * the viewport changes height (so the text being read does not move). Without this script the
 * iframes keep the height the page gave them.
 */
;(function () {
  'use strict'

  var MIN_HEIGHT_PX = 120
  var MAX_HEIGHT_PX = 4000
  var RESIZE = 'fencing-lab:resize'
  var PING = 'fencing-lab:ping'

  var script = document.currentScript
  var base = null
  try {
    if (script && script.src) base = new URL('./', script.src)
  } catch (_) {
    base = null
  }

  function frameUrl(iframe) {
    try {
      return new URL(iframe.getAttribute('src') || '', document.baseURI)
    } catch (_) {
      return null
    }
  }

  function isWebUrl(url) {
    return url.protocol === 'https:' || url.protocol === 'http:'
  }

  function isOurs(iframe) {
    var url = frameUrl(iframe)
    if (url === null || !isWebUrl(url)) return false
    if (iframe.hasAttribute('data-fencing-lab-any-origin')) return true
    if (base === null || url.origin !== base.origin) return false
    return iframe.hasAttribute('data-fencing-lab') || url.pathname === base.pathname + 'embed.html'
  }

  // A sandbox without allow-same-origin gives the frame an opaque origin: it posts as "null".
  function isOpaque(iframe) {
    if (!iframe.hasAttribute('sandbox')) return false
    var tokens = (iframe.getAttribute('sandbox') || '').toLowerCase().split(/\s+/)
    return tokens.indexOf('allow-same-origin') === -1
  }

  // The message came from the origin the frame's address promises (or, for a frame we
  // sandboxed into an opaque origin, from an opaque origin).
  function fromItsOrigin(iframe, origin) {
    var url = frameUrl(iframe)
    if (url === null) return false
    return url.origin === origin || (origin === 'null' && isOpaque(iframe))
  }

  function ourFrames() {
    var all = document.getElementsByTagName('iframe')
    var ours = []
    for (var i = 0; i < all.length; i++) if (isOurs(all[i])) ours.push(all[i])
    return ours
  }

  // A field of a message's data, or undefined. Never throws: a message posted from this very
  // window is not structured-cloned, so its data may be a proxy or have a throwing getter.
  function field(data, name) {
    if (data === null || typeof data !== 'object') return undefined
    try {
      return data[name]
    } catch (_) {
      return undefined
    }
  }

  // A frame wholly above the viewport that changes height would move the text being read by
  // the difference: keep the frame's bottom edge (and so everything after it) where it was on
  // screen. Measured after the change, so a browser that anchors the scroll itself (CSS scroll
  // anchoring) is not corrected twice.
  function resize(iframe, px) {
    var bottom = iframe.getBoundingClientRect().bottom
    iframe.style.height = px + 'px'
    if (bottom > 0) return
    var moved = iframe.getBoundingClientRect().bottom - bottom
    if (moved !== 0) window.scrollBy(0, moved)
  }

  window.addEventListener('message', function (event) {
    var data = event.data
    if (field(data, 'type') !== RESIZE) return
    var height = field(data, 'height')
    if (typeof height !== 'number' || !isFinite(height)) return
    var frames = ourFrames()
    for (var i = 0; i < frames.length; i++) {
      var iframe = frames[i]
      if (iframe.contentWindow !== event.source) continue
      if (!fromItsOrigin(iframe, event.origin)) return
      var px = Math.round(Math.min(Math.max(height, MIN_HEIGHT_PX), MAX_HEIGHT_PX))
      if (iframe.style.height !== px + 'px') resize(iframe, px)
      return
    }
  })

  // Embeds that loaded before this script ran have already said their height: ask again.
  function ping() {
    var frames = ourFrames()
    for (var i = 0; i < frames.length; i++) {
      var target = frames[i].contentWindow
      // '*': a frame still loading holds about:blank (our origin), and a ping carries nothing.
      // A frame that has not loaded yet says its height when it does.
      if (target !== null) target.postMessage({ type: PING }, '*')
    }
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', ping)
  else ping()
})()
